from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="WebhookAttempt")


@_attrs_define
class WebhookAttempt:
    """
    Attributes:
        series (int): 1, then +1 per redelivery.
        attempt (int):
        http_status (int | None):
        response_body (None | str):
        error (None | str):
        duration_ms (int | None):
        created_at (datetime.datetime):
    """

    series: int
    attempt: int
    http_status: int | None
    response_body: None | str
    error: None | str
    duration_ms: int | None
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        series = self.series

        attempt = self.attempt

        http_status: int | None
        http_status = self.http_status

        response_body: None | str
        response_body = self.response_body

        error: None | str
        error = self.error

        duration_ms: int | None
        duration_ms = self.duration_ms

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "series": series,
                "attempt": attempt,
                "http_status": http_status,
                "response_body": response_body,
                "error": error,
                "duration_ms": duration_ms,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        series = d.pop("series")

        attempt = d.pop("attempt")

        def _parse_http_status(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        http_status = _parse_http_status(d.pop("http_status"))

        def _parse_response_body(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        response_body = _parse_response_body(d.pop("response_body"))

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))

        def _parse_duration_ms(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        duration_ms = _parse_duration_ms(d.pop("duration_ms"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        webhook_attempt = cls(
            series=series,
            attempt=attempt,
            http_status=http_status,
            response_body=response_body,
            error=error,
            duration_ms=duration_ms,
            created_at=created_at,
        )

        webhook_attempt.additional_properties = d
        return webhook_attempt

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
