from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.update_schedule_body_mapping import UpdateScheduleBodyMapping
    from ..models.update_schedule_body_metadata import UpdateScheduleBodyMetadata
    from ..models.update_schedule_body_people import UpdateScheduleBodyPeople


T = TypeVar("T", bound="UpdateScheduleBody")


@_attrs_define
class UpdateScheduleBody:
    """
    Attributes:
        name (str | Unset):
        template_id (UUID | Unset):
        people (UpdateScheduleBodyPeople | Unset): Which people get an item: the filters of GET /v1/people, combined
            with AND. `status` defaults to active.
        mapping (UpdateScheduleBodyMapping | Unset): Placeholder name → text in which `{field}` is replaced by the
            person's value. Fields: first_name, last_name, email, phone, position, sector, external_id, birth_date,
            hire_date, full_name, age, years_of_service, photo, custom_fields.<key>. `{photo}` is `asset://<photo_asset_id>`
            (for image placeholders). Placeholders not in the mapping but named after a field (e.g. `first_name`) get that
            field; the rest keep their defaults.
        at (str | Unset): Local time of the daily run, HH:MM (24 h) in `timezone`.
        timezone (str | Unset): IANA time zone name, e.g. `Europe/Berlin`.
        enabled (bool | Unset): false: the Temporal Schedule is paused (as by /pause). Default true.
        metadata (UpdateScheduleBodyMetadata | Unset): Free-form client data, copied onto every collection the schedule
            makes
    """

    name: str | Unset = UNSET
    template_id: UUID | Unset = UNSET
    people: UpdateScheduleBodyPeople | Unset = UNSET
    mapping: UpdateScheduleBodyMapping | Unset = UNSET
    at: str | Unset = UNSET
    timezone: str | Unset = UNSET
    enabled: bool | Unset = UNSET
    metadata: UpdateScheduleBodyMetadata | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        template_id: str | Unset = UNSET
        if not isinstance(self.template_id, Unset):
            template_id = str(self.template_id)

        people: dict[str, Any] | Unset = UNSET
        if not isinstance(self.people, Unset):
            people = self.people.to_dict()

        mapping: dict[str, Any] | Unset = UNSET
        if not isinstance(self.mapping, Unset):
            mapping = self.mapping.to_dict()

        at = self.at

        timezone = self.timezone

        enabled = self.enabled

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if template_id is not UNSET:
            field_dict["template_id"] = template_id
        if people is not UNSET:
            field_dict["people"] = people
        if mapping is not UNSET:
            field_dict["mapping"] = mapping
        if at is not UNSET:
            field_dict["at"] = at
        if timezone is not UNSET:
            field_dict["timezone"] = timezone
        if enabled is not UNSET:
            field_dict["enabled"] = enabled
        if metadata is not UNSET:
            field_dict["metadata"] = metadata

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.update_schedule_body_mapping import UpdateScheduleBodyMapping
        from ..models.update_schedule_body_metadata import UpdateScheduleBodyMetadata
        from ..models.update_schedule_body_people import UpdateScheduleBodyPeople

        d = dict(src_dict)
        name = d.pop("name", UNSET)

        _template_id = d.pop("template_id", UNSET)
        template_id: UUID | Unset
        if isinstance(_template_id, Unset):
            template_id = UNSET
        else:
            template_id = UUID(_template_id)

        _people = d.pop("people", UNSET)
        people: UpdateScheduleBodyPeople | Unset
        if isinstance(_people, Unset):
            people = UNSET
        else:
            people = UpdateScheduleBodyPeople.from_dict(_people)

        _mapping = d.pop("mapping", UNSET)
        mapping: UpdateScheduleBodyMapping | Unset
        if isinstance(_mapping, Unset):
            mapping = UNSET
        else:
            mapping = UpdateScheduleBodyMapping.from_dict(_mapping)

        at = d.pop("at", UNSET)

        timezone = d.pop("timezone", UNSET)

        enabled = d.pop("enabled", UNSET)

        _metadata = d.pop("metadata", UNSET)
        metadata: UpdateScheduleBodyMetadata | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = UpdateScheduleBodyMetadata.from_dict(_metadata)

        update_schedule_body = cls(
            name=name,
            template_id=template_id,
            people=people,
            mapping=mapping,
            at=at,
            timezone=timezone,
            enabled=enabled,
            metadata=metadata,
        )

        return update_schedule_body
