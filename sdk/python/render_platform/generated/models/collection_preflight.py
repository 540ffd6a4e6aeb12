from __future__ import annotations

from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.collection_preflight_warnings_count import (
        CollectionPreflightWarningsCount,
    )
    from ..models.preflight_item import PreflightItem


T = TypeVar("T", bound="CollectionPreflight")


@_attrs_define
class CollectionPreflight:
    """
    Attributes:
        object_ (Literal['collection_preflight']):
        template_id (str):
        template_version (int):
        total (int):
        warnings_count (CollectionPreflightWarningsCount): Warnings over all items, by code (codes with none are left
            out)
        items_with_warnings (list[int]): Indexes of the items with warnings or an error
        items (list[PreflightItem]):
        duration_ms (int | Unset): Time the render worker spent laying the items out
    """

    object_: Literal["collection_preflight"]
    template_id: str
    template_version: int
    total: int
    warnings_count: CollectionPreflightWarningsCount
    items_with_warnings: list[int]
    items: list[PreflightItem]
    duration_ms: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        object_ = self.object_

        template_id = self.template_id

        template_version = self.template_version

        total = self.total

        warnings_count = self.warnings_count.to_dict()

        items_with_warnings = self.items_with_warnings

        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)

        duration_ms = self.duration_ms

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "object": object_,
                "template_id": template_id,
                "template_version": template_version,
                "total": total,
                "warnings_count": warnings_count,
                "items_with_warnings": items_with_warnings,
                "items": items,
            }
        )
        if duration_ms is not UNSET:
            field_dict["duration_ms"] = duration_ms

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.collection_preflight_warnings_count import (
            CollectionPreflightWarningsCount,
        )
        from ..models.preflight_item import PreflightItem

        d = dict(src_dict)
        object_ = cast(Literal["collection_preflight"], d.pop("object"))
        if object_ != "collection_preflight":
            raise ValueError(
                f"object must match const 'collection_preflight', got '{object_}'"
            )

        template_id = d.pop("template_id")

        template_version = d.pop("template_version")

        total = d.pop("total")

        warnings_count = CollectionPreflightWarningsCount.from_dict(
            d.pop("warnings_count")
        )

        items_with_warnings = cast(list[int], d.pop("items_with_warnings"))

        items = []
        _items = d.pop("items")
        for items_item_data in _items:
            items_item = PreflightItem.from_dict(items_item_data)

            items.append(items_item)

        duration_ms = d.pop("duration_ms", UNSET)

        collection_preflight = cls(
            object_=object_,
            template_id=template_id,
            template_version=template_version,
            total=total,
            warnings_count=warnings_count,
            items_with_warnings=items_with_warnings,
            items=items,
            duration_ms=duration_ms,
        )

        collection_preflight.additional_properties = d
        return collection_preflight

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
