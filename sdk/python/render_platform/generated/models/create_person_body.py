from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.create_person_body_custom_fields import CreatePersonBodyCustomFields


T = TypeVar("T", bound="CreatePersonBody")


@_attrs_define
class CreatePersonBody:
    """
    Attributes:
        first_name (str): Given name (1-120 characters).
        external_id (None | str | Unset): Your own identifier for the person (1-120 characters), unique within the org;
            a duplicate answers 409.
        last_name (None | str | Unset): Family name (1-120 characters).
        birth_date (datetime.date | None | Unset): YYYY-MM-DD; impossible dates (2023-02-30) are rejected.
        hire_date (datetime.date | None | Unset): YYYY-MM-DD.
        email (None | str | Unset):
        phone (None | str | Unset): Free-form phone number, at most 40 characters.
        position (None | str | Unset):
        sector (None | str | Unset):
        photo_asset_id (None | Unset | UUID): An image asset of the same org (see POST /v1/assets).
        custom_fields (CreatePersonBodyCustomFields | Unset): Free-form object, at most 16 KiB as JSON. Replaced as a
            whole on update (not merged).
    """

    first_name: str
    external_id: None | str | Unset = UNSET
    last_name: None | str | Unset = UNSET
    birth_date: datetime.date | None | Unset = UNSET
    hire_date: datetime.date | None | Unset = UNSET
    email: None | str | Unset = UNSET
    phone: None | str | Unset = UNSET
    position: None | str | Unset = UNSET
    sector: None | str | Unset = UNSET
    photo_asset_id: None | Unset | UUID = UNSET
    custom_fields: CreatePersonBodyCustomFields | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        first_name = self.first_name

        external_id: None | str | Unset
        if isinstance(self.external_id, Unset):
            external_id = UNSET
        else:
            external_id = self.external_id

        last_name: None | str | Unset
        if isinstance(self.last_name, Unset):
            last_name = UNSET
        else:
            last_name = self.last_name

        birth_date: None | str | Unset
        if isinstance(self.birth_date, Unset):
            birth_date = UNSET
        elif isinstance(self.birth_date, datetime.date):
            birth_date = self.birth_date.isoformat()
        else:
            birth_date = self.birth_date

        hire_date: None | str | Unset
        if isinstance(self.hire_date, Unset):
            hire_date = UNSET
        elif isinstance(self.hire_date, datetime.date):
            hire_date = self.hire_date.isoformat()
        else:
            hire_date = self.hire_date

        email: None | str | Unset
        if isinstance(self.email, Unset):
            email = UNSET
        else:
            email = self.email

        phone: None | str | Unset
        if isinstance(self.phone, Unset):
            phone = UNSET
        else:
            phone = self.phone

        position: None | str | Unset
        if isinstance(self.position, Unset):
            position = UNSET
        else:
            position = self.position

        sector: None | str | Unset
        if isinstance(self.sector, Unset):
            sector = UNSET
        else:
            sector = self.sector

        photo_asset_id: None | str | Unset
        if isinstance(self.photo_asset_id, Unset):
            photo_asset_id = UNSET
        elif isinstance(self.photo_asset_id, UUID):
            photo_asset_id = str(self.photo_asset_id)
        else:
            photo_asset_id = self.photo_asset_id

        custom_fields: dict[str, Any] | Unset = UNSET
        if not isinstance(self.custom_fields, Unset):
            custom_fields = self.custom_fields.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "first_name": first_name,
            }
        )
        if external_id is not UNSET:
            field_dict["external_id"] = external_id
        if last_name is not UNSET:
            field_dict["last_name"] = last_name
        if birth_date is not UNSET:
            field_dict["birth_date"] = birth_date
        if hire_date is not UNSET:
            field_dict["hire_date"] = hire_date
        if email is not UNSET:
            field_dict["email"] = email
        if phone is not UNSET:
            field_dict["phone"] = phone
        if position is not UNSET:
            field_dict["position"] = position
        if sector is not UNSET:
            field_dict["sector"] = sector
        if photo_asset_id is not UNSET:
            field_dict["photo_asset_id"] = photo_asset_id
        if custom_fields is not UNSET:
            field_dict["custom_fields"] = custom_fields

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.create_person_body_custom_fields import (
            CreatePersonBodyCustomFields,
        )

        d = dict(src_dict)
        first_name = d.pop("first_name")

        def _parse_external_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        external_id = _parse_external_id(d.pop("external_id", UNSET))

        def _parse_last_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        last_name = _parse_last_name(d.pop("last_name", UNSET))

        def _parse_birth_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                birth_date_type_0 = datetime.date.fromisoformat(data)

                return birth_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        birth_date = _parse_birth_date(d.pop("birth_date", UNSET))

        def _parse_hire_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                hire_date_type_0 = datetime.date.fromisoformat(data)

                return hire_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        hire_date = _parse_hire_date(d.pop("hire_date", UNSET))

        def _parse_email(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        email = _parse_email(d.pop("email", UNSET))

        def _parse_phone(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        phone = _parse_phone(d.pop("phone", UNSET))

        def _parse_position(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        position = _parse_position(d.pop("position", UNSET))

        def _parse_sector(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        sector = _parse_sector(d.pop("sector", UNSET))

        def _parse_photo_asset_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                photo_asset_id_type_0 = UUID(data)

                return photo_asset_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        photo_asset_id = _parse_photo_asset_id(d.pop("photo_asset_id", UNSET))

        _custom_fields = d.pop("custom_fields", UNSET)
        custom_fields: CreatePersonBodyCustomFields | Unset
        if isinstance(_custom_fields, Unset):
            custom_fields = UNSET
        else:
            custom_fields = CreatePersonBodyCustomFields.from_dict(_custom_fields)

        create_person_body = cls(
            first_name=first_name,
            external_id=external_id,
            last_name=last_name,
            birth_date=birth_date,
            hire_date=hire_date,
            email=email,
            phone=phone,
            position=position,
            sector=sector,
            photo_asset_id=photo_asset_id,
            custom_fields=custom_fields,
        )

        return create_person_body
