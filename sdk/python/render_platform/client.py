"""RenderPlatform / AsyncRenderPlatform: the generated client configured with key, retries and typed errors, plus
the helpers a generator cannot write: waiting for renders and collections, and cursor pagination."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from typing import Any, TypeVar

import httpx

from .errors import ApiError
from .generated.api.collections import get_collection
from .generated.api.images import create_image, get_image
from .generated.api.videos import create_video, get_video
from .generated.client import AuthenticatedClient
from .generated.models import Collection, CreateImageBody, CreateVideoBody, Error, Image, Video
from .generated.types import Response
from .retry_transport import AsyncRetryTransport, RetryTransport

T = TypeVar("T")
R = TypeVar("R", Image, Video, Collection)

RENDER_FINAL = {"completed", "failed"}
COLLECTION_FINAL = {"completed", "completed_with_errors", "failed"}
DEFAULT_WAIT = 600.0


def unwrap(response: Response[T | Error]) -> T:
    """The parsed body of a 2xx answer; any other answer raises ApiError with the API's code and details."""
    if response.status_code >= 400 or response.parsed is None or isinstance(response.parsed, Error):
        raise ApiError.from_answer(int(response.status_code), response.content, response.headers)
    return response.parsed


def _expect(kind: type[R], response: Response[Any]) -> R:
    parsed = unwrap(response)
    if not isinstance(parsed, kind):
        raise ApiError.from_answer(int(response.status_code), response.content, response.headers)
    return parsed


def _create_args(wait: bool | float, idempotency_key: str | None) -> tuple[float, dict[str, Any]]:
    seconds = 0.0 if wait is False else DEFAULT_WAIT if wait is True else max(0.0, float(wait))
    args: dict[str, Any] = {}
    if seconds > 0:
        args["prefer"] = f"wait={min(60, int(-(-seconds // 1)))}"
    if idempotency_key:
        args["idempotency_key"] = idempotency_key
    return seconds, args


# a generated list call's sync_detailed / asyncio_detailed: takes client, cursor, limit and its filters
_ListPage = Callable[..., Response[list[T] | Error]]
_AsyncListPage = Callable[..., Awaitable[Response[list[T] | Error]]]


class RenderPlatform:
    """Synchronous client. ``.client`` goes to any generated call: ``list_people.sync_detailed(client=rp.client)``."""

    def __init__(
        self,
        base_url: str,
        api_key: str,
        *,
        max_retries: int = 4,
        timeout: float = 90.0,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        """``transport`` is the httpx transport the retries wrap (default: a plain HTTPTransport)."""
        self.client = AuthenticatedClient(
            base_url=base_url.rstrip("/"),
            token=api_key,
            timeout=httpx.Timeout(timeout),
            httpx_args={"transport": RetryTransport(transport, max_retries=max_retries)},
        )

    def render_image(self, body: CreateImageBody, *, wait: bool | float = True, idempotency_key: str | None = None) -> Image:
        """Creates an image render; unless ``wait=False``, answers it once completed or failed."""
        seconds, args = _create_args(wait, idempotency_key)
        image = _expect(Image, create_image.sync_detailed(client=self.client, body=body, **args))
        if seconds == 0 or str(image.status) in RENDER_FINAL:
            return image
        return self._poll(lambda: _expect(Image, get_image.sync_detailed(image.id, client=self.client)), RENDER_FINAL, seconds)

    def render_video(self, body: CreateVideoBody, *, wait: bool | float = True, idempotency_key: str | None = None) -> Video:
        """Creates a video render; unless ``wait=False``, answers it once completed or failed."""
        seconds, args = _create_args(wait, idempotency_key)
        video = _expect(Video, create_video.sync_detailed(client=self.client, body=body, **args))
        if seconds == 0 or str(video.status) in RENDER_FINAL:
            return video
        return self._poll(lambda: _expect(Video, get_video.sync_detailed(video.id, client=self.client)), RENDER_FINAL, seconds)

    def wait_for_collection(self, collection_id: Any, *, timeout: float = DEFAULT_WAIT) -> Collection:
        """Polls a collection until completed, completed_with_errors or failed; its ``items`` carry every result."""
        read = lambda: _expect(Collection, get_collection.sync_detailed(collection_id, client=self.client))  # noqa: E731
        return self._poll(read, COLLECTION_FINAL, timeout)

    def paginate(self, list_page: _ListPage[T], page_size: int = 100, **filters: Any) -> Iterator[T]:
        """Every item of a list, newest first, following the Next-Cursor header: ``rp.paginate(list_people.sync_detailed)``."""
        cursor: str | None = None
        while True:
            response = list_page(client=self.client, cursor=cursor or _unset(), limit=page_size, **filters)
            yield from unwrap(response)
            cursor = response.headers.get("Next-Cursor")
            if not cursor:
                return

    @staticmethod
    def _poll(read: Callable[[], R], final: set[str], seconds: float) -> R:
        deadline = time.monotonic() + seconds
        while True:
            item = read()
            if str(item.status) in final:
                return item
            if time.monotonic() >= deadline:
                raise TimeoutError(f"still {item.status} after {seconds} s")
            time.sleep(1.0)


class AsyncRenderPlatform:
    """asyncio client; ``.client`` goes to any generated ``asyncio_detailed`` call."""

    def __init__(
        self,
        base_url: str,
        api_key: str,
        *,
        max_retries: int = 4,
        timeout: float = 90.0,
        transport: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        self.client = AuthenticatedClient(
            base_url=base_url.rstrip("/"),
            token=api_key,
            timeout=httpx.Timeout(timeout),
            httpx_args={"transport": AsyncRetryTransport(transport, max_retries=max_retries)},
        )

    async def render_image(self, body: CreateImageBody, *, wait: bool | float = True, idempotency_key: str | None = None) -> Image:
        seconds, args = _create_args(wait, idempotency_key)
        image = _expect(Image, await create_image.asyncio_detailed(client=self.client, body=body, **args))
        if seconds == 0 or str(image.status) in RENDER_FINAL:
            return image

        async def read() -> Image:
            return _expect(Image, await get_image.asyncio_detailed(image.id, client=self.client))

        return await self._poll(read, RENDER_FINAL, seconds)

    async def render_video(self, body: CreateVideoBody, *, wait: bool | float = True, idempotency_key: str | None = None) -> Video:
        seconds, args = _create_args(wait, idempotency_key)
        video = _expect(Video, await create_video.asyncio_detailed(client=self.client, body=body, **args))
        if seconds == 0 or str(video.status) in RENDER_FINAL:
            return video

        async def read() -> Video:
            return _expect(Video, await get_video.asyncio_detailed(video.id, client=self.client))

        return await self._poll(read, RENDER_FINAL, seconds)

    async def wait_for_collection(self, collection_id: Any, *, timeout: float = DEFAULT_WAIT) -> Collection:
        async def read() -> Collection:
            return _expect(Collection, await get_collection.asyncio_detailed(collection_id, client=self.client))

        return await self._poll(read, COLLECTION_FINAL, timeout)

    async def paginate(self, list_page: _AsyncListPage[T], page_size: int = 100, **filters: Any) -> AsyncIterator[T]:
        cursor: str | None = None
        while True:
            response = await list_page(client=self.client, cursor=cursor or _unset(), limit=page_size, **filters)
            for item in unwrap(response):
                yield item
            cursor = response.headers.get("Next-Cursor")
            if not cursor:
                return

    @staticmethod
    async def _poll(read: Callable[[], Awaitable[R]], final: set[str], seconds: float) -> R:
        deadline = time.monotonic() + seconds
        while True:
            item = await read()
            if str(item.status) in final:
                return item
            if time.monotonic() >= deadline:
                raise TimeoutError(f"still {item.status} after {seconds} s")
            await asyncio.sleep(1.0)


def _unset() -> Any:
    from .generated.types import UNSET

    return UNSET
