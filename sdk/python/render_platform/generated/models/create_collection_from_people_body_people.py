from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateCollectionFromPeopleBodyPeople")


@_attrs_define
class CreateCollectionFromPeopleBodyPeople:
    """Which people get an item: the filters of GET /v1/people, combined with AND. `status` defaults to active.

    Attributes:
        status (str | Unset):
        sector (str | Unset): Exact sector.
        external_id (str | Unset): Exact external id.
        birthday (str | Unset): People whose birthday (birth_date month and day) falls on this day: `today` (the current
            UTC day), MM-DD (in today's year) or YYYY-MM-DD.
        hire_anniversary (str | Unset): People whose hire anniversary (hire_date month and day) falls on this day:
            `today` (the current UTC day), MM-DD (in today's year) or YYYY-MM-DD.
    """

    status: str | Unset = UNSET
    sector: str | Unset = UNSET
    external_id: str | Unset = UNSET
    birthday: str | Unset = UNSET
    hire_anniversary: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        status = self.status

        sector = self.sector

        external_id = self.external_id

        birthday = self.birthday

        hire_anniversary = self.hire_anniversary

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if status is not UNSET:
            field_dict["status"] = status
        if sector is not UNSET:
            field_dict["sector"] = sector
        if external_id is not UNSET:
            field_dict["external_id"] = external_id
        if birthday is not UNSET:
            field_dict["birthday"] = birthday
        if hire_anniversary is not UNSET:
            field_dict["hire_anniversary"] = hire_anniversary

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        status = d.pop("status", UNSET)

        sector = d.pop("sector", UNSET)

        external_id = d.pop("external_id", UNSET)

        birthday = d.pop("birthday", UNSET)

        hire_anniversary = d.pop("hire_anniversary", UNSET)

        create_collection_from_people_body_people = cls(
            status=status,
            sector=sector,
            external_id=external_id,
            birthday=birthday,
            hire_anniversary=hire_anniversary,
        )

        return create_collection_from_people_body_people
