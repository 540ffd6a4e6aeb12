from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="UpdateScheduleBodyMapping")


@_attrs_define
class UpdateScheduleBodyMapping:
    """Placeholder name → text in which `{field}` is replaced by the person's value. Fields: first_name, last_name, email,
    phone, position, sector, external_id, birth_date, hire_date, full_name, age, years_of_service, photo,
    custom_fields.<key>. `{photo}` is `asset://<photo_asset_id>` (for image placeholders). Placeholders not in the
    mapping but named after a field (e.g. `first_name`) get that field; the rest keep their defaults.

    """

    additional_properties: dict[str, str] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        update_schedule_body_mapping = cls()

        update_schedule_body_mapping.additional_properties = d
        return update_schedule_body_mapping

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> str:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: str) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
