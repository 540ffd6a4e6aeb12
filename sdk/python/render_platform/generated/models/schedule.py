from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.schedule_mapping import ScheduleMapping
    from ..models.schedule_metadata import ScheduleMetadata
    from ..models.schedule_people import SchedulePeople


T = TypeVar("T", bound="Schedule")


@_attrs_define
class Schedule:
    """
    Attributes:
        id (UUID):
        org_id (UUID):
        name (str):
        template_id (UUID):
        people (SchedulePeople):
        mapping (ScheduleMapping):
        at (str):
        timezone (str):
        enabled (bool):
        metadata (ScheduleMetadata):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
        temporal_schedule_id (str | Unset): Its Temporal Schedule (Temporal UI → Schedules)
        next_run_at (datetime.datetime | None | Unset): GET of one schedule only: the next timetable run, null when
            paused
    """

    id: UUID
    org_id: UUID
    name: str
    template_id: UUID
    people: SchedulePeople
    mapping: ScheduleMapping
    at: str
    timezone: str
    enabled: bool
    metadata: ScheduleMetadata
    created_at: datetime.datetime
    updated_at: datetime.datetime
    temporal_schedule_id: str | Unset = UNSET
    next_run_at: datetime.datetime | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        org_id = str(self.org_id)

        name = self.name

        template_id = str(self.template_id)

        people = self.people.to_dict()

        mapping = self.mapping.to_dict()

        at = self.at

        timezone = self.timezone

        enabled = self.enabled

        metadata = self.metadata.to_dict()

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        temporal_schedule_id = self.temporal_schedule_id

        next_run_at: None | str | Unset
        if isinstance(self.next_run_at, Unset):
            next_run_at = UNSET
        elif isinstance(self.next_run_at, datetime.datetime):
            next_run_at = self.next_run_at.isoformat()
        else:
            next_run_at = self.next_run_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "org_id": org_id,
                "name": name,
                "template_id": template_id,
                "people": people,
                "mapping": mapping,
                "at": at,
                "timezone": timezone,
                "enabled": enabled,
                "metadata": metadata,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )
        if temporal_schedule_id is not UNSET:
            field_dict["temporal_schedule_id"] = temporal_schedule_id
        if next_run_at is not UNSET:
            field_dict["next_run_at"] = next_run_at

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.schedule_mapping import ScheduleMapping
        from ..models.schedule_metadata import ScheduleMetadata
        from ..models.schedule_people import SchedulePeople

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        org_id = UUID(d.pop("org_id"))

        name = d.pop("name")

        template_id = UUID(d.pop("template_id"))

        people = SchedulePeople.from_dict(d.pop("people"))

        mapping = ScheduleMapping.from_dict(d.pop("mapping"))

        at = d.pop("at")

        timezone = d.pop("timezone")

        enabled = d.pop("enabled")

        metadata = ScheduleMetadata.from_dict(d.pop("metadata"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        temporal_schedule_id = d.pop("temporal_schedule_id", UNSET)

        def _parse_next_run_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_run_at_type_0 = datetime.datetime.fromisoformat(data)

                return next_run_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        next_run_at = _parse_next_run_at(d.pop("next_run_at", UNSET))

        schedule = cls(
            id=id,
            org_id=org_id,
            name=name,
            template_id=template_id,
            people=people,
            mapping=mapping,
            at=at,
            timezone=timezone,
            enabled=enabled,
            metadata=metadata,
            created_at=created_at,
            updated_at=updated_at,
            temporal_schedule_id=temporal_schedule_id,
            next_run_at=next_run_at,
        )

        schedule.additional_properties = d
        return schedule

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
