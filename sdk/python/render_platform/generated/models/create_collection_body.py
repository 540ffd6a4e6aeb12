from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.collection_item_input import CollectionItemInput
    from ..models.create_collection_body_metadata import CreateCollectionBodyMetadata


T = TypeVar("T", bound="CreateCollectionBody")


@_attrs_define
class CreateCollectionBody:
    """
    Attributes:
        template_id (UUID):
        items (list[CollectionItemInput]):
        name (None | str | Unset):
        metadata (CreateCollectionBodyMetadata | Unset): Free-form client data echoed on the collection
        preflight (bool | Unset): Lay every item out (at each requested variant) and answer 200 with its warnings
            (CollectionPreflight) instead of starting the collection: no encode, no upload, no zip, no webhook, nothing
            stored.
        variants (list[str] | Unset): Size variants of the template (`canvas_data.variants`) every item renders; the zip
            holds one folder per variant (`story/007.png`). A preflight lays each item out at every variant asked for (the
            message of a warning starts with its variant, `[story] ...`), else at the template size.
    """

    template_id: UUID
    items: list[CollectionItemInput]
    name: None | str | Unset = UNSET
    metadata: CreateCollectionBodyMetadata | Unset = UNSET
    preflight: bool | Unset = UNSET
    variants: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        template_id = str(self.template_id)

        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)

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
                "items": items,
            }
        )
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
        from ..models.collection_item_input import CollectionItemInput
        from ..models.create_collection_body_metadata import (
            CreateCollectionBodyMetadata,
        )

        d = dict(src_dict)
        template_id = UUID(d.pop("template_id"))

        items = []
        _items = d.pop("items")
        for items_item_data in _items:
            items_item = CollectionItemInput.from_dict(items_item_data)

            items.append(items_item)

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        _metadata = d.pop("metadata", UNSET)
        metadata: CreateCollectionBodyMetadata | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = CreateCollectionBodyMetadata.from_dict(_metadata)

        preflight = d.pop("preflight", UNSET)

        variants = cast(list[str], d.pop("variants", UNSET))

        create_collection_body = cls(
            template_id=template_id,
            items=items,
            name=name,
            metadata=metadata,
            preflight=preflight,
            variants=variants,
        )

        return create_collection_body
