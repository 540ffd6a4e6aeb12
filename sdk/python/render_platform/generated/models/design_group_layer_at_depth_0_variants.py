from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.design_group_layer_at_depth_0_variants_additional_property import (
        DesignGroupLayerAtDepth0VariantsAdditionalProperty,
    )


T = TypeVar("T", bound="DesignGroupLayerAtDepth0Variants")


@_attrs_define
class DesignGroupLayerAtDepth0Variants:
    """The box on a size variant, by variant name, where it differs from the template size."""

    additional_properties: dict[
        str, DesignGroupLayerAtDepth0VariantsAdditionalProperty
    ] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}
        for prop_name, prop in self.additional_properties.items():
            field_dict[prop_name] = prop.to_dict()

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.design_group_layer_at_depth_0_variants_additional_property import (
            DesignGroupLayerAtDepth0VariantsAdditionalProperty,
        )

        d = dict(src_dict)
        design_group_layer_at_depth_0_variants = cls()

        additional_properties = {}
        for prop_name, prop_dict in d.items():
            additional_property = (
                DesignGroupLayerAtDepth0VariantsAdditionalProperty.from_dict(prop_dict)
            )

            additional_properties[prop_name] = additional_property

        design_group_layer_at_depth_0_variants.additional_properties = (
            additional_properties
        )
        return design_group_layer_at_depth_0_variants

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(
        self, key: str
    ) -> DesignGroupLayerAtDepth0VariantsAdditionalProperty:
        return self.additional_properties[key]

    def __setitem__(
        self, key: str, value: DesignGroupLayerAtDepth0VariantsAdditionalProperty
    ) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
