from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.create_schedule_body_mapping import CreateScheduleBodyMapping
    from ..models.create_schedule_body_metadata import CreateScheduleBodyMetadata
    from ..models.create_schedule_body_people import CreateScheduleBodyPeople


T = TypeVar("T", bound="CreateScheduleBody")


@_attrs_define
class CreateScheduleBody:
    """
    Attributes:
        name (str):
        template_id (UUID):
        people (CreateScheduleBodyPeople): Which people get an item: the filters of GET /v1/people, combined with AND.
            `status` defaults to active.
        at (str): Local time of the daily run, HH:MM (24 h) in `timezone`.
        timezone (str): IANA time zone name, e.g. `Europe/Berlin`.
        mapping (CreateScheduleBodyMapping | Unset): Placeholder name → text in which `{field}` is replaced by the
            person's value. Fields: first_name, last_name, email, phone, position, sector, external_id, birth_date,
            hire_date, full_name, age, years_of_service, photo, custom_fields.<key>. `{photo}` is `asset://<photo_asset_id>`
            (for image placeholders). Placeholders not in the mapping but named after a field (e.g. `first_name`) get that
            field; the rest keep their defaults.
        enabled (bool | Unset): false: the Temporal Schedule is paused (as by /pause). Default true.
        metadata (CreateScheduleBodyMetadata | Unset): Free-form client data, copied onto every collection the schedule
            makes
    """

    name: str
    template_id: UUID
    people: CreateScheduleBodyPeople
    at: str
    timezone: str
    mapping: CreateScheduleBodyMapping | Unset = UNSET
    enabled: bool | Unset = UNSET
    metadata: CreateScheduleBodyMetadata | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        template_id = str(self.template_id)

        people = self.people.to_dict()

        at = self.at

        timezone = self.timezone

        mapping: dict[str, Any] | Unset = UNSET
        if not isinstance(self.mapping, Unset):
            mapping = self.mapping.to_dict()

        enabled = self.enabled

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "template_id": template_id,
                "people": people,
                "at": at,
                "timezone": timezone,
            }
        )
        if mapping is not UNSET:
            field_dict["mapping"] = mapping
        if enabled is not UNSET:
            field_dict["enabled"] = enabled
        if metadata is not UNSET:
            field_dict["metadata"] = metadata

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.create_schedule_body_mapping import CreateScheduleBodyMapping
        from ..models.create_schedule_body_metadata import CreateScheduleBodyMetadata
        from ..models.create_schedule_body_people import CreateScheduleBodyPeople

        d = dict(src_dict)
        name = d.pop("name")

        template_id = UUID(d.pop("template_id"))

        people = CreateScheduleBodyPeople.from_dict(d.pop("people"))

        at = d.pop("at")

        timezone = d.pop("timezone")

        _mapping = d.pop("mapping", UNSET)
        mapping: CreateScheduleBodyMapping | Unset
        if isinstance(_mapping, Unset):
            mapping = UNSET
        else:
            mapping = CreateScheduleBodyMapping.from_dict(_mapping)

        enabled = d.pop("enabled", UNSET)

        _metadata = d.pop("metadata", UNSET)
        metadata: CreateScheduleBodyMetadata | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = CreateScheduleBodyMetadata.from_dict(_metadata)

        create_schedule_body = cls(
            name=name,
            template_id=template_id,
            people=people,
            at=at,
            timezone=timezone,
            mapping=mapping,
            enabled=enabled,
            metadata=metadata,
        )

        return create_schedule_body
