"""The store's, the forms' and the live opening's refusals in the language asked for (issue 37):
a problem keeps its stable ``code`` and English ``detail`` and gains ``message`` in ``?lang=``,
else ``Accept-Language``; a page of the web front says it in its own language."""

from __future__ import annotations

from pathlib import Path

import pytest

from belote_notation.service.problems import ApiProblem
from belote_notation.service.routes_live import LiveOpen, opening_options
from tests.service.support import Service, make_service

ASKED = [({"lang": "fr"}, {}, "fr"), ({}, {"Accept-Language": "ar-MA, fr;q=0.8"}, "ar"), ({}, {}, "en")]


@pytest.mark.parametrize(("lang", "words"), [("fr", "ce curseur n'a pas été donné par ce service"),
                                             ("ar", "هذا المؤشر لم يعطه هذا الخادم"),
                                             ("en", "the cursor is not one this service gave")])
def test_an_unknown_cursor_is_refused_in_the_pages_language(service: Service, lang: str, words: str) -> None:
    service.client.cookies.set("belote_token", service.alice["Authorization"].split()[1])
    try:
        page = service.client.get("/web/games", params={"cursor": "nope", "lang": lang})
    finally:
        service.client.cookies.clear()
    assert page.status_code == 400 and words in page.text.replace("&#39;", "'"), page.text


@pytest.mark.parametrize(("params", "headers", "lang"), ASKED)
def test_a_game_it_cannot_find_is_said_in_the_language_asked(service: Service, params: dict, headers: dict,
                                                             lang: str) -> None:
    answer = service.client.get("/v1/games/g_missing/report", params=params,
                                headers={**service.alice, **headers})
    body = answer.json()
    assert answer.status_code == 404 and body["code"] == "not-found"
    assert body["detail"] == "no game with this id"
    assert body["message"] == {"fr": "aucune partie avec cet identifiant", "ar": "لا توجد لعبة بهذا المعرّف",
                               "en": "no game with this id"}[lang]
    live = service.client.get("/v1/live/l_missing", params=params, headers=headers).json()
    assert live["code"] == "not-found" and live["detail"] == "no live game with this id"
    assert live["message"] == {"fr": "aucune partie en direct avec cet identifiant",
                               "ar": "لا توجد لعبة مباشرة بهذا المعرّف", "en": live["detail"]}[lang]


@pytest.mark.parametrize(("params", "headers", "lang"), ASKED)
def test_the_live_openings_refusal_is_said_in_the_language_asked(tmp_path: Path, params: dict, headers: dict,
                                                                 lang: str) -> None:
    for service in make_service(f"sqlite:///{tmp_path / 'busy.db'}", live_per_owner=1):
        opened = service.client.post("/v1/live", json={"rules": "moroccan"}, headers=service.alice)
        assert opened.status_code == 201
        answer = service.client.post("/v1/live", params=params, json={"rules": "moroccan"},
                                     headers={**service.alice, **headers})
        body = answer.json()
        assert answer.status_code == 429 and body["code"] == "rate-limited"
        assert body["detail"] == ("1 live games in progress: the most an account may hold at once; "
                                  "finish one or let it close")
        assert body["message"].startswith({"fr": "1 partie en direct en cours : le maximum",
                                           "ar": "لعبة مباشرة واحدة جارية (1)",
                                           "en": body["detail"]}[lang])


@pytest.mark.parametrize(("lang", "words"), [
    ("fr", "option de règle inconnue 'traget' (vouliez-vous dire 'target' ?)"),
    ("ar", "خيار قواعد غير معروف 'traget' (هل تقصد 'target'؟)"),
    ("en", "unknown rule option 'traget' (did you mean 'target'?)")])
def test_a_rule_option_refused_at_opening_is_a_message(lang: str, words: str) -> None:
    # the route's schema refuses most bad options first (pydantic's 422): the check behind it
    opening = LiveOpen.model_construct(rules="moroccan", options=["traget=500"])
    with pytest.raises(ApiProblem) as refused:
        opening_options(opening)
    body = refused.value.body(lang)
    assert body["code"] == "invalid" and body["errors"] == [{"field": "options"}]
    assert body["detail"] == "unknown rule option 'traget' (did you mean 'target'?)"
    assert body["message"] == words


def test_a_bad_option_of_validate_is_said_in_the_language_asked(service: Service) -> None:
    answer = service.client.post("/v1/validate", content=b"", params={"name": "x.bel", "option": "oops",
                                                                       "lang": "ar"})
    body = answer.json()
    assert body["code"] == "bad-request" and body["detail"] == "option 'oops': write NAME=VALUE"
    assert body["message"] == "الخيار 'oops': اكتب NAME=VALUE"


@pytest.mark.parametrize(("params", "headers", "lang"), ASKED)
def test_starlettes_own_problems_are_said_in_the_language_asked(service: Service, params: dict, headers: dict,
                                                                lang: str) -> None:
    """A path no route takes, a method no route of the path takes: Starlette raises them itself;
    they keep its English ``detail`` and gain ``message``, as the service's own problems."""
    missing = service.client.get("/v1/nothing", params=params, headers=headers)
    body = missing.json()
    assert missing.status_code == 404 and missing.headers["content-type"] == "application/problem+json"
    assert (body["code"], body["detail"], body["title"]) == ("not-found", "Not Found", "Not Found")
    assert body["message"] == {"fr": "Introuvable : aucune ressource à cette adresse",
                               "ar": "غير موجود: لا مورد في هذا العنوان", "en": "Not Found"}[lang]
    refused = service.client.put("/v1/validate", params=params, headers=headers)
    body = refused.json()
    assert refused.status_code == 405
    assert (body["code"], body["detail"]) == ("bad-request", "Method Not Allowed")
    assert refused.headers["Allow"] == "POST"  # the methods the path takes, from a router FastAPI included
    assert body["message"] == {"fr": "Méthode non autorisée pour cette adresse",
                               "ar": "هذه الطريقة غير مسموح بها لهذا العنوان",
                               "en": "Method Not Allowed"}[lang]


@pytest.mark.parametrize(("lang", "words"), [("fr", "Le formulaire dépasse"), ("ar", "النموذج أكبر من"),
                                             ("en", "The form is larger than")])
def test_a_form_too_large_or_malformed_is_refused_in_the_pages_language(service: Service, lang: str,
                                                                        words: str) -> None:
    service.client.cookies.set("belote_token", service.alice["Authorization"].split()[1])
    try:
        big = service.client.post("/web/tokens", params={"lang": lang},
                                  content=b"scope=read&x=" + b"y" * 70_000,
                                  headers={"Content-Type": "application/x-www-form-urlencoded"})
        assert big.status_code == 413 and words in big.text, big.text
        odd = service.client.post("/web/tokens", params={"lang": lang}, content=b"{}",
                                  headers={"Content-Type": "application/json"})
        assert odd.status_code == 400
        assert {"fr": "Ce n'est pas un formulaire de ces pages.", "ar": "هذا ليس نموذجًا من هذه الصفحات.",
                "en": "This is not a form of these pages."}[lang] in odd.text.replace("&#39;", "'")
    finally:
        service.client.cookies.clear()
