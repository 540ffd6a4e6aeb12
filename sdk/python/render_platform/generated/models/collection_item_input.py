from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.collection_item_input_metadata import CollectionItemInputMetadata
    from ..models.modification import Modification


T = TypeVar("T", bound="CollectionItemInput")


@_attrs_define
class CollectionItemInput:
    """
    Attributes:
        modifications (list[Modification] | Unset):
        metadata (CollectionItemInputMetadata | Unset): Echoed on the item; `filename` (if a string) names the item in
            the zip
    """

    modifications: list[Modification] | Unset = UNSET
    metadata: CollectionItemInputMetadata | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        modifications: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.modifications, Unset):
            modifications = []
            for modifications_item_data in self.modifications:
                modifications_item = modifications_item_data.to_dict()
                modifications.append(modifications_item)

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if modifications is not UNSET:
            field_dict["modifications"] = modifications
        if metadata is not UNSET:
            field_dict["metadata"] = metadata

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.collection_item_input_metadata import CollectionItemInputMetadata
        from ..models.modification import Modification

        d = dict(src_dict)
        _modifications = d.pop("modifications", UNSET)
        modifications: list[Modification] | Unset = UNSET
        if _modifications is not UNSET:
            modifications = []
            for modifications_item_data in _modifications:
                modifications_item = Modification.from_dict(modifications_item_data)

                modifications.append(modifications_item)

        _metadata = d.pop("metadata", UNSET)
        metadata: CollectionItemInputMetadata | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = CollectionItemInputMetadata.from_dict(_metadata)

        collection_item_input = cls(
            modifications=modifications,
            metadata=metadata,
        )

        return collection_item_input
