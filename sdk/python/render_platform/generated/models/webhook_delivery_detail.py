from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.webhook_delivery_detail_event_type import WebhookDeliveryDetailEventType
from ..models.webhook_delivery_detail_status import WebhookDeliveryDetailStatus

if TYPE_CHECKING:
    from ..models.webhook_attempt import WebhookAttempt
    from ..models.webhook_delivery_detail_payload import WebhookDeliveryDetailPayload


T = TypeVar("T", bound="WebhookDeliveryDetail")


@_attrs_define
class WebhookDeliveryDetail:
    """
    Attributes:
        id (UUID):
        webhook_id (UUID):
        event_type (WebhookDeliveryDetailEventType):
        status (WebhookDeliveryDetailStatus): pending (no attempt yet), retrying (an attempt failed, another is
            planned), succeeded (2xx), failed (attempts exhausted, 410, blocked target or disabled webhook).
        http_status (int | None):
        attempts (int): Attempts made in the current series.
        next_retry_at (datetime.datetime | None):
        delivered_at (datetime.datetime | None):
        created_at (datetime.datetime):
        payload (WebhookDeliveryDetailPayload): The exact JSON sent: {type, timestamp, data}.
        response_body (None | str):
        series (int): Current attempt series (bumped by redeliver).
        attempt_history (list[WebhookAttempt]): Every attempt of every series, oldest first.
    """

    id: UUID
    webhook_id: UUID
    event_type: WebhookDeliveryDetailEventType
    status: WebhookDeliveryDetailStatus
    http_status: int | None
    attempts: int
    next_retry_at: datetime.datetime | None
    delivered_at: datetime.datetime | None
    created_at: datetime.datetime
    payload: WebhookDeliveryDetailPayload
    response_body: None | str
    series: int
    attempt_history: list[WebhookAttempt]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        webhook_id = str(self.webhook_id)

        event_type = self.event_type.value

        status = self.status.value

        http_status: int | None
        http_status = self.http_status

        attempts = self.attempts

        next_retry_at: None | str
        if isinstance(self.next_retry_at, datetime.datetime):
            next_retry_at = self.next_retry_at.isoformat()
        else:
            next_retry_at = self.next_retry_at

        delivered_at: None | str
        if isinstance(self.delivered_at, datetime.datetime):
            delivered_at = self.delivered_at.isoformat()
        else:
            delivered_at = self.delivered_at

        created_at = self.created_at.isoformat()

        payload = self.payload.to_dict()

        response_body: None | str
        response_body = self.response_body

        series = self.series

        attempt_history = []
        for attempt_history_item_data in self.attempt_history:
            attempt_history_item = attempt_history_item_data.to_dict()
            attempt_history.append(attempt_history_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "webhook_id": webhook_id,
                "event_type": event_type,
                "status": status,
                "http_status": http_status,
                "attempts": attempts,
                "next_retry_at": next_retry_at,
                "delivered_at": delivered_at,
                "created_at": created_at,
                "payload": payload,
                "response_body": response_body,
                "series": series,
                "attempt_history": attempt_history,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.webhook_attempt import WebhookAttempt
        from ..models.webhook_delivery_detail_payload import (
            WebhookDeliveryDetailPayload,
        )

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        webhook_id = UUID(d.pop("webhook_id"))

        event_type = WebhookDeliveryDetailEventType(d.pop("event_type"))

        status = WebhookDeliveryDetailStatus(d.pop("status"))

        def _parse_http_status(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        http_status = _parse_http_status(d.pop("http_status"))

        attempts = d.pop("attempts")

        def _parse_next_retry_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_retry_at_type_0 = datetime.datetime.fromisoformat(data)

                return next_retry_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        next_retry_at = _parse_next_retry_at(d.pop("next_retry_at"))

        def _parse_delivered_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                delivered_at_type_0 = datetime.datetime.fromisoformat(data)

                return delivered_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        delivered_at = _parse_delivered_at(d.pop("delivered_at"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        payload = WebhookDeliveryDetailPayload.from_dict(d.pop("payload"))

        def _parse_response_body(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        response_body = _parse_response_body(d.pop("response_body"))

        series = d.pop("series")

        attempt_history = []
        _attempt_history = d.pop("attempt_history")
        for attempt_history_item_data in _attempt_history:
            attempt_history_item = WebhookAttempt.from_dict(attempt_history_item_data)

            attempt_history.append(attempt_history_item)

        webhook_delivery_detail = cls(
            id=id,
            webhook_id=webhook_id,
            event_type=event_type,
            status=status,
            http_status=http_status,
            attempts=attempts,
            next_retry_at=next_retry_at,
            delivered_at=delivered_at,
            created_at=created_at,
            payload=payload,
            response_body=response_body,
            series=series,
            attempt_history=attempt_history,
        )

        webhook_delivery_detail.additional_properties = d
        return webhook_delivery_detail

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
