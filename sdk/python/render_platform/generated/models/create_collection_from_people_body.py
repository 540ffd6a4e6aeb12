from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.create_collection_from_people_body_mapping import (
        CreateCollectionFromPeopleBodyMapping,
    )
    from ..models.create_collection_from_people_body_metadata import (
        CreateCollectionFromPeopleBodyMetadata,
    )
    from ..models.create_collection_from_people_body_people import (
        CreateCollectionFromPeopleBodyPeople,
    )


T = TypeVar("T", bound="CreateCollectionFromPeopleBody")


@_attrs_define
class CreateCollectionFromPeopleBody:
    """
    Attributes:
        template_id (UUID):
        people (CreateCollectionFromPeopleBodyPeople): Which people get an item: the filters of GET /v1/people, combined
            with AND. `status` defaults to active.
        mapping (CreateCollectionFromPeopleBodyMapping | Unset): Placeholder name → text in which `{field}` is replaced
            by the person's value. Fields: first_name, last_name, email, phone, position, sector, external_id, birth_date,
            hire_date, full_name, age, years_of_service, photo, custom_fields.<key>. `{photo}` is `asset://<photo_asset_id>`
            (for image placeholders). Placeholders not in the mapping but named after a field (e.g. `first_name`) get that
            field; the rest keep their defaults.
        name (None | str | Unset):
        metadata (CreateCollectionFromPeopleBodyMetadata | Unset): Free-form client data echoed on the collection
        preflight (bool | Unset): Lay every item out (at each requested variant) and answer 200 with its warnings
            (CollectionPreflight) instead of starting the collection: no encode, no upload, no zip, no webhook, nothing
            stored.
        variants (list[str] | Unset): Size variants of the template (`canvas_data.variants`) every item renders; the zip
            holds one folder per variant (`story/007.png`). A preflight lays each item out at every variant asked for (the
            message of a warning starts with its variant, `[story] ...`), else at the template size.
    """

    template_id: UUID
    people: CreateCollectionFromPeopleBodyPeople
    mapping: CreateCollectionFromPeopleBodyMapping | Unset = UNSET
    name: None | str | Unset = UNSET
    metadata: CreateCollectionFromPeopleBodyMetadata | Unset = UNSET
    preflight: bool | Unset = UNSET
    variants: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        template_id = str(self.template_id)

        people = self.people.to_dict()

        mapping: dict[str, Any] | Unset = UNSET
        if not isinstance(self.mapping, Unset):
            mapping = self.mapping.to_dict()

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        preflight = self.preflight

        variants: list[str] | Unset = UNSET
        if not isinstance(self.variants, Unset):
            variants = self.variants

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "template_id": template_id,
                "people": people,
            }
        )
        if mapping is not UNSET:
            field_dict["mapping"] = mapping
        if name is not UNSET:
            field_dict["name"] = name
        if metadata is not UNSET:
            field_dict["metadata"] = metadata
        if preflight is not UNSET:
            field_dict["preflight"] = preflight
        if variants is not UNSET:
            field_dict["variants"] = variants

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.create_collection_from_people_body_mapping import (
            CreateCollectionFromPeopleBodyMapping,
        )
        from ..models.create_collection_from_people_body_metadata import (
            CreateCollectionFromPeopleBodyMetadata,
        )
        from ..models.create_collection_from_people_body_people import (
            CreateCollectionFromPeopleBodyPeople,
        )

        d = dict(src_dict)
        template_id = UUID(d.pop("template_id"))

        people = CreateCollectionFromPeopleBodyPeople.from_dict(d.pop("people"))

        _mapping = d.pop("mapping", UNSET)
        mapping: CreateCollectionFromPeopleBodyMapping | Unset
        if isinstance(_mapping, Unset):
            mapping = UNSET
        else:
            mapping = CreateCollectionFromPeopleBodyMapping.from_dict(_mapping)

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        _metadata = d.pop("metadata", UNSET)
        metadata: CreateCollectionFromPeopleBodyMetadata | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = CreateCollectionFromPeopleBodyMetadata.from_dict(_metadata)

        preflight = d.pop("preflight", UNSET)

        variants = cast(list[str], d.pop("variants", UNSET))

        create_collection_from_people_body = cls(
            template_id=template_id,
            people=people,
            mapping=mapping,
            name=name,
            metadata=metadata,
            preflight=preflight,
            variants=variants,
        )

        return create_collection_from_people_body
