from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.schedule_run_kind import ScheduleRunKind
from ..models.schedule_run_status import ScheduleRunStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.schedule_run_error_type_0 import ScheduleRunErrorType0


T = TypeVar("T", bound="ScheduleRun")


@_attrs_define
class ScheduleRun:
    """
    Attributes:
        id (UUID):
        schedule_id (UUID):
        kind (ScheduleRunKind): daily: the timetable run (at most one per local date); trigger: POST /trigger
        local_date (datetime.date): The run's date in the schedule's time zone: what `today` meant
        status (ScheduleRunStatus): created: a collection was made; skipped: nobody matched; failed: template deleted
            (`template_not_found`) or over the size caps (`template_too_large`), too many people (`too_many_people`), a
            mapped value invalid (`invalid_mapping`), or the items would take the org past MAX_PENDING_RENDERS_PER_ORG
            (`too_many_pending_renders`; nothing is stored, trigger it again once renders drain)
        collection_id (None | UUID):
        matched (int): People matched
        error (None | ScheduleRunErrorType0):
        scheduled_at (datetime.datetime):
        created_at (datetime.datetime):
        workflow_id (str | Unset): The Temporal workflow of this run
    """

    id: UUID
    schedule_id: UUID
    kind: ScheduleRunKind
    local_date: datetime.date
    status: ScheduleRunStatus
    collection_id: None | UUID
    matched: int
    error: None | ScheduleRunErrorType0
    scheduled_at: datetime.datetime
    created_at: datetime.datetime
    workflow_id: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.schedule_run_error_type_0 import ScheduleRunErrorType0

        id = str(self.id)

        schedule_id = str(self.schedule_id)

        kind = self.kind.value

        local_date = self.local_date.isoformat()

        status = self.status.value

        collection_id: None | str
        if isinstance(self.collection_id, UUID):
            collection_id = str(self.collection_id)
        else:
            collection_id = self.collection_id

        matched = self.matched

        error: dict[str, Any] | None
        if isinstance(self.error, ScheduleRunErrorType0):
            error = self.error.to_dict()
        else:
            error = self.error

        scheduled_at = self.scheduled_at.isoformat()

        created_at = self.created_at.isoformat()

        workflow_id = self.workflow_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "schedule_id": schedule_id,
                "kind": kind,
                "local_date": local_date,
                "status": status,
                "collection_id": collection_id,
                "matched": matched,
                "error": error,
                "scheduled_at": scheduled_at,
                "created_at": created_at,
            }
        )
        if workflow_id is not UNSET:
            field_dict["workflow_id"] = workflow_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.schedule_run_error_type_0 import ScheduleRunErrorType0

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        schedule_id = UUID(d.pop("schedule_id"))

        kind = ScheduleRunKind(d.pop("kind"))

        local_date = datetime.date.fromisoformat(d.pop("local_date"))

        status = ScheduleRunStatus(d.pop("status"))

        def _parse_collection_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                collection_id_type_0 = UUID(data)

                return collection_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        collection_id = _parse_collection_id(d.pop("collection_id"))

        matched = d.pop("matched")

        def _parse_error(data: object) -> None | ScheduleRunErrorType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                error_type_0 = ScheduleRunErrorType0.from_dict(data)

                return error_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ScheduleRunErrorType0, data)

        error = _parse_error(d.pop("error"))

        scheduled_at = datetime.datetime.fromisoformat(d.pop("scheduled_at"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        workflow_id = d.pop("workflow_id", UNSET)

        schedule_run = cls(
            id=id,
            schedule_id=schedule_id,
            kind=kind,
            local_date=local_date,
            status=status,
            collection_id=collection_id,
            matched=matched,
            error=error,
            scheduled_at=scheduled_at,
            created_at=created_at,
            workflow_id=workflow_id,
        )

        schedule_run.additional_properties = d
        return schedule_run

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
