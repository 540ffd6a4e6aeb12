from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.webhook_delivery_detail_payload_data import (
        WebhookDeliveryDetailPayloadData,
    )


T = TypeVar("T", bound="WebhookDeliveryDetailPayload")


@_attrs_define
class WebhookDeliveryDetailPayload:
    """The exact JSON sent: {type, timestamp, data}.

    Attributes:
        type_ (str):
        timestamp (datetime.datetime):
        data (WebhookDeliveryDetailPayloadData):
    """

    type_: str
    timestamp: datetime.datetime
    data: WebhookDeliveryDetailPayloadData
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        timestamp = self.timestamp.isoformat()

        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "timestamp": timestamp,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.webhook_delivery_detail_payload_data import (
            WebhookDeliveryDetailPayloadData,
        )

        d = dict(src_dict)
        type_ = d.pop("type")

        timestamp = datetime.datetime.fromisoformat(d.pop("timestamp"))

        data = WebhookDeliveryDetailPayloadData.from_dict(d.pop("data"))

        webhook_delivery_detail_payload = cls(
            type_=type_,
            timestamp=timestamp,
            data=data,
        )

        webhook_delivery_detail_payload.additional_properties = d
        return webhook_delivery_detail_payload

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
