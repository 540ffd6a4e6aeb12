from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.template_version_engine_decision_engine import (
    TemplateVersionEngineDecisionEngine,
)

if TYPE_CHECKING:
    from ..models.template_version_engine_decision_parity_type_0 import (
        TemplateVersionEngineDecisionParityType0,
    )


T = TypeVar("T", bound="TemplateVersionEngineDecision")


@_attrs_define
class TemplateVersionEngineDecision:
    """What renders of this version use and why (reason codes in docs/engines.md).

    Attributes:
        engine (TemplateVersionEngineDecisionEngine):
        reason (None | str):
        parity (None | TemplateVersionEngineDecisionParityType0):
    """

    engine: TemplateVersionEngineDecisionEngine
    reason: None | str
    parity: None | TemplateVersionEngineDecisionParityType0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.template_version_engine_decision_parity_type_0 import (
            TemplateVersionEngineDecisionParityType0,
        )

        engine = self.engine.value

        reason: None | str
        reason = self.reason

        parity: dict[str, Any] | None
        if isinstance(self.parity, TemplateVersionEngineDecisionParityType0):
            parity = self.parity.to_dict()
        else:
            parity = self.parity

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "engine": engine,
                "reason": reason,
                "parity": parity,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.template_version_engine_decision_parity_type_0 import (
            TemplateVersionEngineDecisionParityType0,
        )

        d = dict(src_dict)
        engine = TemplateVersionEngineDecisionEngine(d.pop("engine"))

        def _parse_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reason = _parse_reason(d.pop("reason"))

        def _parse_parity(
            data: object,
        ) -> None | TemplateVersionEngineDecisionParityType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                parity_type_0 = TemplateVersionEngineDecisionParityType0.from_dict(data)

                return parity_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TemplateVersionEngineDecisionParityType0, data)

        parity = _parse_parity(d.pop("parity"))

        template_version_engine_decision = cls(
            engine=engine,
            reason=reason,
            parity=parity,
        )

        template_version_engine_decision.additional_properties = d
        return template_version_engine_decision

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
