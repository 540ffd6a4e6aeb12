from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.design_easing_type_0 import DesignEasingType0
from ..models.design_text_motion_preset import DesignTextMotionPreset
from ..models.design_text_motion_side import DesignTextMotionSide
from ..types import UNSET, Unset

T = TypeVar("T", bound="DesignTextMotion")


@_attrs_define
class DesignTextMotion:
    """How the layer comes in (`enter`) or goes out (`exit`): `fade`, `slide` (from or to `side`, by `distance` px, default
    its width or height), `scale` (from or to `scale`, default 0), `wipe` (a clip-path from `side`), and for text
    `typewriter` (the letters appear one by one) and `stagger` (the letters fade in one after another). Before an enter
    starts the layer is in its from-state; after an exit ends, in its to-state.

        Attributes:
            preset (DesignTextMotionPreset):
            start_ms (float): ms from the start of the video
            duration_ms (float): ms, more than 0
            easing (DesignEasingType0 | list[float] | Unset): The way to the next keyframe; default ease.
            side (DesignTextMotionSide | Unset): slide, wipe: default left.
            distance (float | Unset): slide: px.
            scale (float | Unset): scale: the scale at the far end, default 0.
    """

    preset: DesignTextMotionPreset
    start_ms: float
    duration_ms: float
    easing: DesignEasingType0 | list[float] | Unset = UNSET
    side: DesignTextMotionSide | Unset = UNSET
    distance: float | Unset = UNSET
    scale: float | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        preset = self.preset.value

        start_ms = self.start_ms

        duration_ms = self.duration_ms

        easing: list[float] | str | Unset
        if isinstance(self.easing, Unset):
            easing = UNSET
        elif isinstance(self.easing, DesignEasingType0):
            easing = self.easing.value
        else:
            easing = self.easing

        side: str | Unset = UNSET
        if not isinstance(self.side, Unset):
            side = self.side.value

        distance = self.distance

        scale = self.scale

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "preset": preset,
                "start_ms": start_ms,
                "duration_ms": duration_ms,
            }
        )
        if easing is not UNSET:
            field_dict["easing"] = easing
        if side is not UNSET:
            field_dict["side"] = side
        if distance is not UNSET:
            field_dict["distance"] = distance
        if scale is not UNSET:
            field_dict["scale"] = scale

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        preset = DesignTextMotionPreset(d.pop("preset"))

        start_ms = d.pop("start_ms")

        duration_ms = d.pop("duration_ms")

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

        _side = d.pop("side", UNSET)
        side: DesignTextMotionSide | Unset
        if isinstance(_side, Unset):
            side = UNSET
        else:
            side = DesignTextMotionSide(_side)

        distance = d.pop("distance", UNSET)

        scale = d.pop("scale", UNSET)

        design_text_motion = cls(
            preset=preset,
            start_ms=start_ms,
            duration_ms=duration_ms,
            easing=easing,
            side=side,
            distance=distance,
            scale=scale,
        )

        return design_text_motion
