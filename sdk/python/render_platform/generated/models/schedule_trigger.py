from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ScheduleTrigger")


@_attrs_define
class ScheduleTrigger:
    """
    Attributes:
        schedule_id (UUID):
        triggered_at (datetime.datetime):
    """

    schedule_id: UUID
    triggered_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        schedule_id = str(self.schedule_id)

        triggered_at = self.triggered_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "schedule_id": schedule_id,
                "triggered_at": triggered_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        schedule_id = UUID(d.pop("schedule_id"))

        triggered_at = datetime.datetime.fromisoformat(d.pop("triggered_at"))

        schedule_trigger = cls(
            schedule_id=schedule_id,
            triggered_at=triggered_at,
        )

        schedule_trigger.additional_properties = d
        return schedule_trigger

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
