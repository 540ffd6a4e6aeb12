"""Typed errors: every non-2xx answer becomes an ApiError carrying the API's code and field details."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class ApiErrorDetail:
    """One field the API names, e.g. ``items[3].modifications[0].name``."""

    field: str
    message: str


class ApiError(Exception):
    """A non-2xx answer: HTTP status, the API's stable ``code``, its message, per-field details, request id."""

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        details: list[ApiErrorDetail],
        request_id: str | None,
        headers: Mapping[str, str],
        body: Any,
    ) -> None:
        super().__init__(f"{status} {code}: {message}")
        self.status = status
        self.code = code
        self.message = message
        self.details = details
        self.request_id = request_id
        self.headers = headers
        self.body = body

    def details_for(self, field: str) -> list[ApiErrorDetail]:
        """The details naming exactly ``field``."""
        return [d for d in self.details if d.field == field]

    @classmethod
    def from_answer(cls, status: int, content: bytes, headers: Mapping[str, str]) -> ApiError:
        try:
            body: Any = json.loads(content) if content else None
        except ValueError:
            body = content.decode("utf-8", "replace")
        err = body.get("error") if isinstance(body, dict) else None
        err = err if isinstance(err, dict) else {}
        code = err.get("code") if isinstance(err.get("code"), str) else f"http_{status}"
        message = err.get("message") if isinstance(err.get("message"), str) else str(body or "")
        raw = err.get("details")
        raw_details: list[Any] = raw if isinstance(raw, list) else []
        details = [
            ApiErrorDetail(str(d.get("field", "")), str(d.get("message", ""))) for d in raw_details if isinstance(d, dict)
        ]
        lower = {k.lower(): v for k, v in headers.items()}
        return cls(status, str(code), str(message), details, lower.get("x-request-id"), headers, body)
