"""The Python SDK against the real stack. Run by test/src/sdk/python-sdk.test.ts, which creates the orgs and passes
RENDER_API_URL and the keys in the environment; a receiver on 127.0.0.2 (the test stack's SSRF allow-list) takes
the webhook deliveries."""

from __future__ import annotations

import asyncio
import os
import struct
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from uuid import UUID

import httpx
import pytest
from standardwebhooks.webhooks import WebhookVerificationError

from render_platform import ApiError, AsyncRenderPlatform, RenderPlatform, unwrap, verify_webhook
from render_platform.generated.api.collections import create_collection
from render_platform.generated.models import Collection
from render_platform.generated.api.people import create_person, list_people
from render_platform.generated.api.previews import create_preview
from render_platform.generated.api.templates import create_template
from render_platform.generated.api.webhooks import create_webhook
from render_platform.generated.models import (
    CollectionItemInput,
    CreateCollectionBody,
    CreateImageBody,
    CreatePersonBody,
    CreatePreviewBody,
    CreateTemplateBody,
    CreateTemplateBodyType,
    Modification,
    Placeholder,
    PlaceholderType,
    WebhookCreate,
    WebhookCreateEventsItem,
)

API = os.environ["RENDER_API_URL"]
W, H = 240, 160


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    return int(width), int(height)


def download(url: str) -> bytes:
    return httpx.get(url, timeout=60).content


@pytest.fixture(scope="module")
def rp() -> RenderPlatform:
    return RenderPlatform(API, os.environ["RENDER_API_KEY"])


def make_template(rp: RenderPlatform) -> UUID:
    body = CreateTemplateBody(
        name="python sdk card",
        type_=CreateTemplateBodyType.IMAGE,
        width=W,
        height=H,
        composition_html=f'<div style="width:{W}px;height:{H}px;background:#05b" data-placeholder="title">Hi</div>',
        placeholders=[Placeholder(name="title", type_=PlaceholderType.TEXT, default="Hi")],
    )
    return unwrap(create_template.sync_detailed(client=rp.client, body=body)).id


@pytest.fixture(scope="module")
def template_id(rp: RenderPlatform) -> UUID:
    return make_template(rp)


def test_render_image_waits_and_the_png_decodes(rp: RenderPlatform, template_id: UUID) -> None:
    image = rp.render_image(CreateImageBody(template_id=template_id, modifications=[Modification(name="title", text="py")]))
    assert str(image.status) == "completed"
    assert isinstance(image.result_url, str)
    assert png_size(download(image.result_url)) == (W, H)


def test_async_client_renders_too(template_id: UUID) -> None:
    async def run() -> tuple[str, str | None]:
        arp = AsyncRenderPlatform(API, os.environ["RENDER_API_KEY"])
        image = await arp.render_image(CreateImageBody(template_id=template_id, modifications=[]))
        return str(image.status), image.result_url if isinstance(image.result_url, str) else None

    status, url = asyncio.run(run())
    assert status == "completed" and url is not None
    assert png_size(download(url)) == (W, H)


def test_collection_items(rp: RenderPlatform, template_id: UUID) -> None:
    items = [CollectionItemInput(modifications=[Modification(name="title", text=t)]) for t in ("A", "B", "C")]
    created = unwrap(create_collection.sync_detailed(client=rp.client, body=CreateCollectionBody(template_id=template_id, items=items)))
    # the operation answers a collection (201) or, with preflight, the items' warnings (200)
    assert isinstance(created, Collection)
    done = rp.wait_for_collection(created.id)
    assert str(done.status) == "completed"
    assert isinstance(done.items, list)
    assert [(i.index, str(i.status)) for i in done.items] == [(0, "completed"), (1, "completed"), (2, "completed")]
    for item in done.items:
        assert isinstance(item.result_url, str)
        assert png_size(download(item.result_url)) == (W, H)


class _Receiver(BaseHTTPRequestHandler):
    hits: list[tuple[bytes, dict[str, str]]] = []

    def do_POST(self) -> None:  # noqa: N802 (http.server's name)
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        _Receiver.hits.append((body, {k: v for k, v in self.headers.items()}))
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def receiver() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.2", 0), _Receiver)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.2:{server.server_address[1]}"
    server.shutdown()


def test_webhook_delivery_verifies(rp: RenderPlatform, template_id: UUID, receiver: str) -> None:
    hook = unwrap(
        create_webhook.sync_detailed(
            client=rp.client, body=WebhookCreate(url=f"{receiver}/py", events=[WebhookCreateEventsItem.IMAGE_COMPLETED])
        )
    )
    image = rp.render_image(CreateImageBody(template_id=template_id, modifications=[]))
    deadline = time.monotonic() + 60
    while not any(str(image.id).encode() in body for body, _ in _Receiver.hits):
        assert time.monotonic() < deadline, "no delivery within 60 s"
        time.sleep(0.2)
    body, headers = next((b, h) for b, h in _Receiver.hits if str(image.id).encode() in b)
    event = verify_webhook(body, headers, hook.secret)
    assert event["type"] == "image.completed"
    assert event["data"]["id"] == str(image.id)
    with pytest.raises(WebhookVerificationError):
        verify_webhook(body, headers, "whsec_" + "A" * 32)


def test_paginate_250_people() -> None:
    rp = RenderPlatform(API, os.environ["RENDER_API_KEY_PEOPLE"])
    for i in range(250):
        unwrap(create_person.sync_detailed(client=rp.client, body=CreatePersonBody(first_name=f"P{i}")))
    people = list(rp.paginate(list_people.sync_detailed))
    assert len(people) == 250
    assert {p.first_name for p in people} == {f"P{i}" for i in range(250)}
    assert len({p.id for p in people}) == 250


def test_typed_error_carries_code_and_field(rp: RenderPlatform) -> None:
    with pytest.raises(ApiError) as e:
        unwrap(create_person.sync_detailed(client=rp.client, body=CreatePersonBody(first_name="")))
    assert e.value.status == 422 and e.value.code == "validation_failed"
    assert len(e.value.details_for("first_name")) == 1


def test_recovers_from_a_429() -> None:
    seen: list[int] = []

    class Recording(httpx.HTTPTransport):
        def handle_request(self, request: httpx.Request) -> httpx.Response:
            response = super().handle_request(request)
            seen.append(response.status_code)
            return response

    rp = RenderPlatform(API, os.environ["RENDER_API_KEY_RATE"], transport=Recording())
    template_id = make_template(rp)
    missing = CreatePreviewBody(template_id=UUID("00000000-0000-4000-8000-000000000000"))
    first = create_preview.sync_detailed(client=rp.client, body=missing)
    assert first.status_code == 404
    for _ in range(int(first.headers["RateLimit-Remaining"])):
        create_preview.sync_detailed(client=rp.client, body=missing)
    seen.clear()
    answer = create_preview.sync_detailed(client=rp.client, body=CreatePreviewBody(template_id=template_id))
    assert answer.status_code == 200
    assert png_size(answer.content) == (W, H)
    assert seen == [429, 200]  # one 429, waited out (Retry-After), then the answer
