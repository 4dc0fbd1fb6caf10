"""The service's other problems in the language asked for (issue 37): a token missing or of the
wrong scope, a rate limit, a schema's 422 from pydantic's words, a live act out of turn or
refused on the socket, an idle socket closed. Each keeps its stable ``code`` and English
``detail`` and gains ``message`` in ``?lang=``, else ``Accept-Language``; in English the
``message`` is the ``detail``, word for word."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.service.support import Service, make_service
from tests.service.test_service_live import MATCH, acts, open_live

ASKED = [({"lang": "fr"}, {}, "fr"), ({}, {"Accept-Language": "ar-MA, fr;q=0.8"}, "ar"), ({}, {}, "en")]


def _said(body: dict, lang: str, fr: str, ar: str) -> None:
    assert body["message"] == {"fr": fr, "ar": ar, "en": body["detail"]}[lang], body


@pytest.mark.parametrize(("params", "headers", "lang"), ASKED)
def test_a_token_missing_or_of_the_wrong_scope(service: Service, params: dict, headers: dict,
                                               lang: str) -> None:
    missing = service.client.get("/v1/games", params=params, headers=headers)
    assert missing.status_code == 401 and missing.json()["detail"] == "this needs a token with the read scope"
    _said(missing.json(), lang, "il faut un jeton de portée read", "هذا يحتاج رمزًا بنطاق read")
    unknown = service.client.get("/v1/games", params=params,
                                 headers={**headers, "Authorization": "Bearer nope"})
    assert unknown.status_code == 401 and unknown.json()["detail"] == "unknown token"
    _said(unknown.json(), lang, "jeton inconnu", "رمز غير معروف")
    scope = service.client.post("/v1/games", params={**params, "name": "x.bel"}, content=b"",
                                headers={**headers, **service.reader})
    assert scope.status_code == 403
    assert scope.json()["detail"] == "this token's scope is read; this needs write"
    _said(scope.json(), lang, "la portée de ce jeton est read ; il faut write",
          "نطاق هذا الرمز read؛ وهذا يحتاج write")


@pytest.mark.parametrize(("params", "headers", "lang"), ASKED)
def test_a_schemas_422_is_said_from_pydantics_words(service: Service, params: dict, headers: dict,
                                                    lang: str) -> None:
    answer = service.client.get("/v1/games", params={**params, "limit": "many"},
                                headers={**headers, **service.alice})
    body = answer.json()
    assert answer.status_code == 422 and body["code"] == "invalid"
    assert body["detail"] == ("query.limit: Input should be a valid integer, unable to parse string as an "
                              "integer")
    _said(body, lang, "query.limit : La valeur doit être un entier ; ce texte ne se lit pas comme un entier",
          "query.limit: يجب أن تكون القيمة عددًا صحيحًا؛ تعذّرت قراءة النص عددًا صحيحًا")


def test_several_refused_fields_and_words_pydantic_changed() -> None:
    from belote_notation.game.lang import render
    from belote_notation.game.lang.pydantic_words import said_of_error, said_of_errors

    low = {"type": "greater_than_equal", "msg": "Input should be greater than or equal to 1",
           "ctx": {"ge": 1}}
    long = {"type": "string_too_long", "msg": "String should have at most 1 character",
            "ctx": {"max_length": 1}}
    said = said_of_errors([("query.limit", low), ("query.q", long)])
    assert render(said) == ("query.limit: Input should be greater than or equal to 1; query.q: String should "
                            "have at most 1 character")
    assert render(said, "fr") == ("query.limit : La valeur doit être supérieure ou égale à 1 ; query.q : "
                                  "Le texte doit avoir au plus 1 caractère")
    two = said_of_error({**long, "msg": "String should have at most 2 characters", "ctx": {"max_length": 2}})
    assert render(two, "ar") == "يجب ألا يتجاوز النص حرفين"
    reworded = said_of_error({"type": "missing", "msg": "This field is needed"})  # another pydantic's words
    assert render(reworded, "fr") == "This field is needed"


@pytest.mark.parametrize(("params", "headers", "lang"), ASKED)
def test_a_rate_limit_is_said_in_the_language_asked(tmp_path: Path, params: dict, headers: dict,
                                                    lang: str) -> None:
    for service in make_service(f"sqlite:///{tmp_path / 'rate.db'}", rate_per_minute=1):
        service.client.get("/v1/formats")
        answer = service.client.get("/v1/formats", params=params, headers=headers)
        assert answer.status_code == 429 and answer.json()["detail"] == "more than 1 requests a minute"
        _said(answer.json(), lang, "plus de 1 requêtes par minute", "أكثر من 1 طلب في الدقيقة")


@pytest.mark.parametrize(("query", "lang"), [("?lang=fr", "fr"), ("?lang=ar", "ar"), ("", "en")])
def test_acts_out_of_turn_or_refused_on_the_socket(service: Service, query: str, lang: str) -> None:
    first, second, *_ = acts(MATCH)
    live = open_live(service)
    with service.client.websocket_connect(f"/v1/live/{live['id']}/play?token={live['token']}"
                                          + query.replace("?", "&")) as ws:
        ws.receive_json()
        ws.send_text(json.dumps({**first, "seq": 1}))
        assert ws.receive_json()["accepted"]
        ws.send_text(json.dumps({**second, "seq": 5}))
        gap = ws.receive_json()["problem"]
        assert gap["code"] == "conflict"
        assert gap["detail"] == "act 5 is not the next one: the game has 1 acts; send act 2"
        _said(gap, lang, "l'acte 5 n'est pas le suivant : la partie a 1 acte ; envoyez l'acte 2",
              "الفعل 5 ليس التالي: اللعبة فيها فعل واحد؛ أرسل الفعل 2")
        ws.send_text(json.dumps({"act": "card", "seat": "E", "card": "ZZ", "seq": 2}))
        card = ws.receive_json()["problem"]
        assert card["code"] == "invalid" and card["detail"] == "'ZZ' is not a card of the spanish deck"
        _said(card, lang, "'ZZ' n'est pas une carte du jeu espagnol", "'ZZ' ليست ورقة من الكارطة الإسبانية")
        ws.send_text(json.dumps({"act": "card", "seq": 2}))
        schema = ws.receive_json()["problem"]
        assert schema["detail"] == "Field required"
        _said(schema, lang, "Champ requis", "حقل مطلوب")
    refused = service.client.post(f"/v1/live/{live['id']}/acts{query}",
                                  content=json.dumps({**second, "seq": 7}),
                                  headers={"Authorization": f"Bearer {live['token']}"})
    line = json.loads(refused.text.splitlines()[0])["problem"]
    assert line["code"] == "conflict" and line["message"].startswith(
        {"fr": "l'acte 7 n'est pas", "ar": "الفعل 7 ليس التالي", "en": "act 7 is not"}[lang])


@pytest.mark.parametrize(("lang", "words"), [("fr", "aucun message depuis 0.3 s : la connexion est fermée"),
                                             ("ar", "لا رسالة منذ 0.3 ث: أُغلق الاتصال"),
                                             ("en", "no message for 0.3 s: the connection is closed")])
def test_an_idle_socket_is_told_why_it_is_closed(tmp_path: Path, lang: str, words: str) -> None:
    from starlette.websockets import WebSocketDisconnect

    for service in make_service(f"sqlite:///{tmp_path / 'idle.db'}", live_idle_timeout=0.3):
        live = open_live(service)
        with service.client.websocket_connect(f"/v1/live/{live['id']}/play?token={live['token']}",
                                              headers={"Accept-Language": lang}) as ws:
            ws.receive_json()
            told = ws.receive_json()["problem"]
            assert told["status"] == 408 and told["message"].startswith(words), told
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert (closed.value.code, closed.value.reason) == (1001, "idle")
