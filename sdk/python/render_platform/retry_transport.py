"""httpx transports that retry 429 and 503 after Retry-After and give render/collection creates an Idempotency-Key."""

from __future__ import annotations

import asyncio
import email.utils
import re
import time
import uuid

import httpx

# POSTs the API makes idempotent with Idempotency-Key: render and collection creates
_IDEMPOTENT_CREATES = re.compile(r"/v1/(images|videos|collections|collections/from-people)$")


def retry_after_seconds(value: str | None, now: float | None = None) -> float | None:
    """Retry-After as seconds or an HTTP date (RFC 9110); None when absent or unreadable."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        at = email.utils.parsedate_to_datetime(value).timestamp()
    except (TypeError, ValueError):
        return None
    return max(0.0, at - (time.time() if now is None else now))


class _Policy:
    def __init__(self, max_retries: int, base_delay: float, max_delay: float) -> None:
        self.max_retries = max_retries
        self.base_delay = base_delay
        self.max_delay = max_delay

    def prepare(self, request: httpx.Request) -> bool:
        """Sets the key once, before the first attempt, so every retry repeats it; answers whether retrying is safe."""
        if request.method == "POST" and _IDEMPOTENT_CREATES.search(request.url.path):
            request.headers.setdefault("Idempotency-Key", str(uuid.uuid4()))
        return request.method in ("GET", "HEAD") or "Idempotency-Key" in request.headers

    def wait(self, response: httpx.Response, attempt: int) -> float | None:
        """Seconds to wait before the next attempt, or None to hand this response back."""
        if response.status_code not in (429, 503) or attempt >= self.max_retries:
            return None
        backoff = min(self.base_delay * 2**attempt, 8.0)
        wait = retry_after_seconds(response.headers.get("Retry-After"))
        wait = backoff if wait is None else wait
        return None if wait > self.max_delay else wait


class RetryTransport(httpx.BaseTransport):
    """Wraps a transport: retries 429/503 (Retry-After honoured) and, for reads and keyed creates, network errors."""

    def __init__(
        self,
        inner: httpx.BaseTransport | None = None,
        max_retries: int = 4,
        base_delay: float = 0.5,
        max_delay: float = 60.0,
    ) -> None:
        self._inner = inner or httpx.HTTPTransport()
        self._policy = _Policy(max_retries, base_delay, max_delay)

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        safe = self._policy.prepare(request)
        attempt = 0
        while True:
            try:
                response = self._inner.handle_request(request)
            except httpx.TransportError:
                if not safe or attempt >= self._policy.max_retries:
                    raise
                time.sleep(min(self._policy.base_delay * 2**attempt, 8.0))
                attempt += 1
                continue
            wait = self._policy.wait(response, attempt)
            if wait is None:
                return response
            response.close()
            time.sleep(wait)
            attempt += 1

    def close(self) -> None:
        self._inner.close()


class AsyncRetryTransport(httpx.AsyncBaseTransport):
    """The asyncio twin of RetryTransport."""

    def __init__(
        self,
        inner: httpx.AsyncBaseTransport | None = None,
        max_retries: int = 4,
        base_delay: float = 0.5,
        max_delay: float = 60.0,
    ) -> None:
        self._inner = inner or httpx.AsyncHTTPTransport()
        self._policy = _Policy(max_retries, base_delay, max_delay)

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        safe = self._policy.prepare(request)
        attempt = 0
        while True:
            try:
                response = await self._inner.handle_async_request(request)
            except httpx.TransportError:
                if not safe or attempt >= self._policy.max_retries:
                    raise
                await asyncio.sleep(min(self._policy.base_delay * 2**attempt, 8.0))
                attempt += 1
                continue
            wait = self._policy.wait(response, attempt)
            if wait is None:
                return response
            await response.aclose()
            await asyncio.sleep(wait)
            attempt += 1

    async def aclose(self) -> None:
        await self._inner.aclose()
