from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.design_layer_at_depth_1_type import DesignLayerAtDepth1Type

T = TypeVar("T", bound="DesignLayerAtDepth1")


@_attrs_define
class DesignLayerAtDepth1:
    """
    Attributes:
        type_ (DesignLayerAtDepth1Type):
    """

    type_: DesignLayerAtDepth1Type
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = DesignLayerAtDepth1Type(d.pop("type"))

        design_layer_at_depth_1 = cls(
            type_=type_,
        )

        design_layer_at_depth_1.additional_properties = d
        return design_layer_at_depth_1

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
