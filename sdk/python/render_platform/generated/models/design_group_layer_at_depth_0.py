from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.design_group_layer_at_depth_0_type import DesignGroupLayerAtDepth0Type
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.design_box_motion import DesignBoxMotion
    from ..models.design_group_layer_at_depth_0_variants import (
        DesignGroupLayerAtDepth0Variants,
    )
    from ..models.design_keyframes import DesignKeyframes
    from ..models.design_layer_at_depth_1 import DesignLayerAtDepth1


T = TypeVar("T", bound="DesignGroupLayerAtDepth0")


@_attrs_define
class DesignGroupLayerAtDepth0:
    """A group: its children are drawn inside its box (their x and y relative to it) and rotate and fade with it.

    Attributes:
        type_ (DesignGroupLayerAtDepth0Type):
        id (str): Unique in the document.
        x (float):
        y (float):
        width (float): px, more than 0
        height (float): px, more than 0
        children (list[DesignLayerAtDepth1]):
        name (str | Unset): Shown in the editor only.
        rotation (float | Unset): Degrees clockwise about the centre of the box.
        opacity (float | Unset):
        visible (bool | Unset): A hidden layer is left out of the HTML (and its bindings out of the placeholders).
        locked (bool | Unset): Editor only.
        variants (DesignGroupLayerAtDepth0Variants | Unset): The box on a size variant, by variant name, where it
            differs from the template size.
        enter (DesignBoxMotion | Unset): How the layer comes in (`enter`) or goes out (`exit`): `fade`, `slide` (from or
            to `side`, by `distance` px, default its width or height), `scale` (from or to `scale`, default 0), `wipe` (a
            clip-path from `side`), and for text `typewriter` (the letters appear one by one) and `stagger` (the letters
            fade in one after another). Before an enter starts the layer is in its from-state; after an exit ends, in its
            to-state.
        exit_ (DesignBoxMotion | Unset): How the layer comes in (`enter`) or goes out (`exit`): `fade`, `slide` (from or
            to `side`, by `distance` px, default its width or height), `scale` (from or to `scale`, default 0), `wipe` (a
            clip-path from `side`), and for text `typewriter` (the letters appear one by one) and `stagger` (the letters
            fade in one after another). Before an enter starts the layer is in its from-state; after an exit ends, in its
            to-state.
        keyframes (DesignKeyframes | Unset): Keyframed properties, each a list of `{t_ms, value, easing}` in time order:
            before the first keyframe the property has its value, after the last the last one.
    """

    type_: DesignGroupLayerAtDepth0Type
    id: str
    x: float
    y: float
    width: float
    height: float
    children: list[DesignLayerAtDepth1]
    name: str | Unset = UNSET
    rotation: float | Unset = UNSET
    opacity: float | Unset = UNSET
    visible: bool | Unset = UNSET
    locked: bool | Unset = UNSET
    variants: DesignGroupLayerAtDepth0Variants | Unset = UNSET
    enter: DesignBoxMotion | Unset = UNSET
    exit_: DesignBoxMotion | Unset = UNSET
    keyframes: DesignKeyframes | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        id = self.id

        x = self.x

        y = self.y

        width = self.width

        height = self.height

        children = []
        for children_item_data in self.children:
            children_item = children_item_data.to_dict()
            children.append(children_item)

        name = self.name

        rotation = self.rotation

        opacity = self.opacity

        visible = self.visible

        locked = self.locked

        variants: dict[str, Any] | Unset = UNSET
        if not isinstance(self.variants, Unset):
            variants = self.variants.to_dict()

        enter: dict[str, Any] | Unset = UNSET
        if not isinstance(self.enter, Unset):
            enter = self.enter.to_dict()

        exit_: dict[str, Any] | Unset = UNSET
        if not isinstance(self.exit_, Unset):
            exit_ = self.exit_.to_dict()

        keyframes: dict[str, Any] | Unset = UNSET
        if not isinstance(self.keyframes, Unset):
            keyframes = self.keyframes.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "id": id,
                "x": x,
                "y": y,
                "width": width,
                "height": height,
                "children": children,
            }
        )
        if name is not UNSET:
            field_dict["name"] = name
        if rotation is not UNSET:
            field_dict["rotation"] = rotation
        if opacity is not UNSET:
            field_dict["opacity"] = opacity
        if visible is not UNSET:
            field_dict["visible"] = visible
        if locked is not UNSET:
            field_dict["locked"] = locked
        if variants is not UNSET:
            field_dict["variants"] = variants
        if enter is not UNSET:
            field_dict["enter"] = enter
        if exit_ is not UNSET:
            field_dict["exit"] = exit_
        if keyframes is not UNSET:
            field_dict["keyframes"] = keyframes

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.design_box_motion import DesignBoxMotion
        from ..models.design_group_layer_at_depth_0_variants import (
            DesignGroupLayerAtDepth0Variants,
        )
        from ..models.design_keyframes import DesignKeyframes
        from ..models.design_layer_at_depth_1 import DesignLayerAtDepth1

        d = dict(src_dict)
        type_ = DesignGroupLayerAtDepth0Type(d.pop("type"))

        id = d.pop("id")

        x = d.pop("x")

        y = d.pop("y")

        width = d.pop("width")

        height = d.pop("height")

        children = []
        _children = d.pop("children")
        for children_item_data in _children:
            children_item = DesignLayerAtDepth1.from_dict(children_item_data)

            children.append(children_item)

        name = d.pop("name", UNSET)

        rotation = d.pop("rotation", UNSET)

        opacity = d.pop("opacity", UNSET)

        visible = d.pop("visible", UNSET)

        locked = d.pop("locked", UNSET)

        _variants = d.pop("variants", UNSET)
        variants: DesignGroupLayerAtDepth0Variants | Unset
        if isinstance(_variants, Unset):
            variants = UNSET
        else:
            variants = DesignGroupLayerAtDepth0Variants.from_dict(_variants)

        _enter = d.pop("enter", UNSET)
        enter: DesignBoxMotion | Unset
        if isinstance(_enter, Unset):
            enter = UNSET
        else:
            enter = DesignBoxMotion.from_dict(_enter)

        _exit_ = d.pop("exit", UNSET)
        exit_: DesignBoxMotion | Unset
        if isinstance(_exit_, Unset):
            exit_ = UNSET
        else:
            exit_ = DesignBoxMotion.from_dict(_exit_)

        _keyframes = d.pop("keyframes", UNSET)
        keyframes: DesignKeyframes | Unset
        if isinstance(_keyframes, Unset):
            keyframes = UNSET
        else:
            keyframes = DesignKeyframes.from_dict(_keyframes)

        design_group_layer_at_depth_0 = cls(
            type_=type_,
            id=id,
            x=x,
            y=y,
            width=width,
            height=height,
            children=children,
            name=name,
            rotation=rotation,
            opacity=opacity,
            visible=visible,
            locked=locked,
            variants=variants,
            enter=enter,
            exit_=exit_,
            keyframes=keyframes,
        )

        return design_group_layer_at_depth_0
