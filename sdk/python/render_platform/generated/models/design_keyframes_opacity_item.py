from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.design_easing_type_0 import DesignEasingType0
from ..types import UNSET, Unset

T = TypeVar("T", bound="DesignKeyframesOpacityItem")


@_attrs_define
class DesignKeyframesOpacityItem:
    """
    Attributes:
        t_ms (float): ms from the start of the video
        value (float):
        easing (DesignEasingType0 | list[float] | Unset): The way to the next keyframe; default ease.
    """

    t_ms: float
    value: float
    easing: DesignEasingType0 | list[float] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        t_ms = self.t_ms

        value = self.value

        easing: list[float] | str | Unset
        if isinstance(self.easing, Unset):
            easing = UNSET
        elif isinstance(self.easing, DesignEasingType0):
            easing = self.easing.value
        else:
            easing = self.easing

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "t_ms": t_ms,
                "value": value,
            }
        )
        if easing is not UNSET:
            field_dict["easing"] = easing

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        t_ms = d.pop("t_ms")

        value = d.pop("value")

        def _parse_easing(data: object) -> DesignEasingType0 | list[float] | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_design_easing_type_0 = DesignEasingType0(data)

                return componentsschemas_design_easing_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, list):
                raise TypeError()
            componentsschemas_design_easing_type_1 = cast(list[float], data)

            return componentsschemas_design_easing_type_1

        easing = _parse_easing(d.pop("easing", UNSET))

        design_keyframes_opacity_item = cls(
            t_ms=t_ms,
            value=value,
            easing=easing,
        )

        return design_keyframes_opacity_item
