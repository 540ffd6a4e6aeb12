from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.person_status import PersonStatus

if TYPE_CHECKING:
    from ..models.person_custom_fields import PersonCustomFields


T = TypeVar("T", bound="Person")


@_attrs_define
class Person:
    """
    Attributes:
        id (UUID):
        org_id (UUID):
        external_id (None | str):
        first_name (str):
        last_name (None | str):
        birth_date (datetime.date | None):
        hire_date (datetime.date | None):
        email (None | str):
        phone (None | str):
        position (None | str):
        sector (None | str):
        photo_asset_id (None | UUID):
        custom_fields (PersonCustomFields):
        status (PersonStatus):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
        photo_url (None | str):
    """

    id: UUID
    org_id: UUID
    external_id: None | str
    first_name: str
    last_name: None | str
    birth_date: datetime.date | None
    hire_date: datetime.date | None
    email: None | str
    phone: None | str
    position: None | str
    sector: None | str
    photo_asset_id: None | UUID
    custom_fields: PersonCustomFields
    status: PersonStatus
    created_at: datetime.datetime
    updated_at: datetime.datetime
    photo_url: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        org_id = str(self.org_id)

        external_id: None | str
        external_id = self.external_id

        first_name = self.first_name

        last_name: None | str
        last_name = self.last_name

        birth_date: None | str
        if isinstance(self.birth_date, datetime.date):
            birth_date = self.birth_date.isoformat()
        else:
            birth_date = self.birth_date

        hire_date: None | str
        if isinstance(self.hire_date, datetime.date):
            hire_date = self.hire_date.isoformat()
        else:
            hire_date = self.hire_date

        email: None | str
        email = self.email

        phone: None | str
        phone = self.phone

        position: None | str
        position = self.position

        sector: None | str
        sector = self.sector

        photo_asset_id: None | str
        if isinstance(self.photo_asset_id, UUID):
            photo_asset_id = str(self.photo_asset_id)
        else:
            photo_asset_id = self.photo_asset_id

        custom_fields = self.custom_fields.to_dict()

        status = self.status.value

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        photo_url: None | str
        photo_url = self.photo_url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "org_id": org_id,
                "external_id": external_id,
                "first_name": first_name,
                "last_name": last_name,
                "birth_date": birth_date,
                "hire_date": hire_date,
                "email": email,
                "phone": phone,
                "position": position,
                "sector": sector,
                "photo_asset_id": photo_asset_id,
                "custom_fields": custom_fields,
                "status": status,
                "created_at": created_at,
                "updated_at": updated_at,
                "photo_url": photo_url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.person_custom_fields import PersonCustomFields

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        org_id = UUID(d.pop("org_id"))

        def _parse_external_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        external_id = _parse_external_id(d.pop("external_id"))

        first_name = d.pop("first_name")

        def _parse_last_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_name = _parse_last_name(d.pop("last_name"))

        def _parse_birth_date(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                birth_date_type_0 = datetime.date.fromisoformat(data)

                return birth_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        birth_date = _parse_birth_date(d.pop("birth_date"))

        def _parse_hire_date(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                hire_date_type_0 = datetime.date.fromisoformat(data)

                return hire_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        hire_date = _parse_hire_date(d.pop("hire_date"))

        def _parse_email(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        email = _parse_email(d.pop("email"))

        def _parse_phone(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        phone = _parse_phone(d.pop("phone"))

        def _parse_position(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        position = _parse_position(d.pop("position"))

        def _parse_sector(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        sector = _parse_sector(d.pop("sector"))

        def _parse_photo_asset_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                photo_asset_id_type_0 = UUID(data)

                return photo_asset_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        photo_asset_id = _parse_photo_asset_id(d.pop("photo_asset_id"))

        custom_fields = PersonCustomFields.from_dict(d.pop("custom_fields"))

        status = PersonStatus(d.pop("status"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        def _parse_photo_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        photo_url = _parse_photo_url(d.pop("photo_url"))

        person = cls(
            id=id,
            org_id=org_id,
            external_id=external_id,
            first_name=first_name,
            last_name=last_name,
            birth_date=birth_date,
            hire_date=hire_date,
            email=email,
            phone=phone,
            position=position,
            sector=sector,
            photo_asset_id=photo_asset_id,
            custom_fields=custom_fields,
            status=status,
            created_at=created_at,
            updated_at=updated_at,
            photo_url=photo_url,
        )

        person.additional_properties = d
        return person

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
