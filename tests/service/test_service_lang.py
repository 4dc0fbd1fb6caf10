"""The service speaks the language asked for (issue 37): ``?lang=`` or ``Accept-Language`` on
the reports it makes (/v1/validate) and serves (/v1/games/{id}/report)."""

from __future__ import annotations

import pytest

from tests.service.support import Service, sample

INVALID = sample("invalid/BEL303-did-not-follow.bel")


@pytest.mark.parametrize(("params", "headers", "words"), [
    ({"lang": "fr"}, {}, "n'a pas fourni"),
    ({}, {"Accept-Language": "ar-MA, fr;q=0.8"}, "لم يتبع"),
    ({}, {"Accept-Language": "de, fr;q=0.5"}, "n'a pas fourni"),
    ({}, {}, "did not follow"),
])
def test_validate_speaks_the_language_asked(service: Service, params: dict, headers: dict,
                                            words: str) -> None:
    answer = service.client.post("/v1/validate", content=INVALID, params={"name": "x.bel", **params},
                                 headers=headers)
    finding = answer.json()["files"][0]["games"][0]["findings"][0]
    assert finding["code"] == "BEL303" and words in finding["message"]
    assert finding["args"]["who"] == {"seat": "N"}


def test_a_stored_report_is_served_in_the_language_asked(service: Service) -> None:
    stored = service.client.post("/v1/games", content=INVALID, params={"name": "x.bel"},
                                 headers=service.alice)
    game_id = (stored.json()["imported"] + stored.json()["rejected"])[0]["id"]
    english = service.client.get(f"/v1/games/{game_id}/report", headers=service.alice).json()
    french = service.client.get(f"/v1/games/{game_id}/report", params={"lang": "fr"},
                                headers=service.alice).json()
    arabic = service.client.get(f"/v1/games/{game_id}/report", headers={**service.alice,
                                                                         "Accept-Language": "ar"}).json()
    first = [f for f in english["findings"] if f["code"] == "BEL303"][0]
    assert "did not follow" in first["message"]
    assert any("n'a pas fourni" in f["message"] for f in french["findings"])
    assert any("لم يتبع" in f["message"] for f in arabic["findings"])
    assert service.client.get(f"/v1/games/{game_id}/report", params={"lang": "xx"},
                              headers=service.alice).status_code == 422


def test_the_replay_page_and_the_game_page_speak_the_language_asked(service: Service) -> None:
    stored = service.client.post("/v1/games", content=INVALID, params={"name": "x.bel"},
                                 headers=service.alice)
    game_id = (stored.json()["imported"] + stored.json()["rejected"])[0]["id"]
    replay = f"/v1/games/{game_id}/replay"
    english = service.client.get(replay, headers=service.alice)
    arabic = service.client.get(replay, params={"lang": "ar"}, headers=service.alice)
    french = service.client.get(replay, headers={**service.alice, "Accept-Language": "fr-FR"})
    assert '<html lang="en">' in english.text and "did not follow" in english.text
    assert '<html lang="ar" dir="rtl">' in arabic.text and "لم يتبع" in arabic.text
    assert '<html lang="fr">' in french.text and "n'a pas fourni" in french.text
    assert len({english.headers["etag"], arabic.headers["etag"], french.headers["etag"]}) == 3
    assert arabic.headers["vary"] == "Accept-Language"
    again = service.client.get(replay, params={"lang": "ar"}, headers=service.alice)
    assert again.content == arabic.content  # the stored rendering of that language
    service.client.cookies.set("belote_token", service.alice["Authorization"].split()[1])
    web = service.client.get(f"/web/games/{game_id}", params={"lang": "fr"}).text
    assert "n&#39;a pas fourni" in web and f"/v1/games/{game_id}/replay?lang=fr#" in web  # escaped
    assert "did not follow" in service.client.get(f"/web/games/{game_id}").text
