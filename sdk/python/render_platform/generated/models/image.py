from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.image_status import ImageStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.image_image_metadata_type_0 import ImageImageMetadataType0
    from ..models.image_modifications_item import ImageModificationsItem
    from ..models.render_error import RenderError
    from ..models.render_metadata import RenderMetadata
    from ..models.render_warning import RenderWarning
    from ..models.variant_output import VariantOutput


T = TypeVar("T", bound="Image")


@_attrs_define
class Image:
    """
    Attributes:
        id (UUID):
        org_id (UUID):
        template_id (UUID):
        template_version (int):
        status (ImageStatus):
        modifications (list[ImageModificationsItem]):
        created_at (datetime.datetime):
        object_ (Literal['image']):
        metadata (RenderMetadata | Unset): Free-form client data echoed from the request
        result_url (None | str | Unset):
        thumbnail_url (None | str | Unset):
        error (None | RenderError | Unset):
        duration_ms (int | None | Unset):
        webhook_url (None | str | Unset):
        webhook_id (None | Unset | UUID):
        collection_id (None | Unset | UUID):
        started_at (datetime.datetime | None | Unset):
        completed_at (datetime.datetime | None | Unset):
        cached_from (None | Unset | UUID): The completed render whose stored result this record reuses (render cache),
            else null
        image_metadata (ImageImageMetadataType0 | None | Unset):
        warnings (list[RenderWarning] | None | Unset):
        variants (list[str] | Unset): Only on a render that asked for size variants: their names, in order
        outputs (list[VariantOutput] | None | Unset):
    """

    id: UUID
    org_id: UUID
    template_id: UUID
    template_version: int
    status: ImageStatus
    modifications: list[ImageModificationsItem]
    created_at: datetime.datetime
    object_: Literal["image"]
    metadata: RenderMetadata | Unset = UNSET
    result_url: None | str | Unset = UNSET
    thumbnail_url: None | str | Unset = UNSET
    error: None | RenderError | Unset = UNSET
    duration_ms: int | None | Unset = UNSET
    webhook_url: None | str | Unset = UNSET
    webhook_id: None | Unset | UUID = UNSET
    collection_id: None | Unset | UUID = UNSET
    started_at: datetime.datetime | None | Unset = UNSET
    completed_at: datetime.datetime | None | Unset = UNSET
    cached_from: None | Unset | UUID = UNSET
    image_metadata: ImageImageMetadataType0 | None | Unset = UNSET
    warnings: list[RenderWarning] | None | Unset = UNSET
    variants: list[str] | Unset = UNSET
    outputs: list[VariantOutput] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.image_image_metadata_type_0 import ImageImageMetadataType0
        from ..models.render_error import RenderError

        id = str(self.id)

        org_id = str(self.org_id)

        template_id = str(self.template_id)

        template_version = self.template_version

        status = self.status.value

        modifications = []
        for modifications_item_data in self.modifications:
            modifications_item = modifications_item_data.to_dict()
            modifications.append(modifications_item)

        created_at = self.created_at.isoformat()

        object_ = self.object_

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        result_url: None | str | Unset
        if isinstance(self.result_url, Unset):
            result_url = UNSET
        else:
            result_url = self.result_url

        thumbnail_url: None | str | Unset
        if isinstance(self.thumbnail_url, Unset):
            thumbnail_url = UNSET
        else:
            thumbnail_url = self.thumbnail_url

        error: dict[str, Any] | None | Unset
        if isinstance(self.error, Unset):
            error = UNSET
        elif isinstance(self.error, RenderError):
            error = self.error.to_dict()
        else:
            error = self.error

        duration_ms: int | None | Unset
        if isinstance(self.duration_ms, Unset):
            duration_ms = UNSET
        else:
            duration_ms = self.duration_ms

        webhook_url: None | str | Unset
        if isinstance(self.webhook_url, Unset):
            webhook_url = UNSET
        else:
            webhook_url = self.webhook_url

        webhook_id: None | str | Unset
        if isinstance(self.webhook_id, Unset):
            webhook_id = UNSET
        elif isinstance(self.webhook_id, UUID):
            webhook_id = str(self.webhook_id)
        else:
            webhook_id = self.webhook_id

        collection_id: None | str | Unset
        if isinstance(self.collection_id, Unset):
            collection_id = UNSET
        elif isinstance(self.collection_id, UUID):
            collection_id = str(self.collection_id)
        else:
            collection_id = self.collection_id

        started_at: None | str | Unset
        if isinstance(self.started_at, Unset):
            started_at = UNSET
        elif isinstance(self.started_at, datetime.datetime):
            started_at = self.started_at.isoformat()
        else:
            started_at = self.started_at

        completed_at: None | str | Unset
        if isinstance(self.completed_at, Unset):
            completed_at = UNSET
        elif isinstance(self.completed_at, datetime.datetime):
            completed_at = self.completed_at.isoformat()
        else:
            completed_at = self.completed_at

        cached_from: None | str | Unset
        if isinstance(self.cached_from, Unset):
            cached_from = UNSET
        elif isinstance(self.cached_from, UUID):
            cached_from = str(self.cached_from)
        else:
            cached_from = self.cached_from

        image_metadata: dict[str, Any] | None | Unset
        if isinstance(self.image_metadata, Unset):
            image_metadata = UNSET
        elif isinstance(self.image_metadata, ImageImageMetadataType0):
            image_metadata = self.image_metadata.to_dict()
        else:
            image_metadata = self.image_metadata

        warnings: list[dict[str, Any]] | None | Unset
        if isinstance(self.warnings, Unset):
            warnings = UNSET
        elif isinstance(self.warnings, list):
            warnings = []
            for warnings_type_0_item_data in self.warnings:
                warnings_type_0_item = warnings_type_0_item_data.to_dict()
                warnings.append(warnings_type_0_item)

        else:
            warnings = self.warnings

        variants: list[str] | Unset = UNSET
        if not isinstance(self.variants, Unset):
            variants = self.variants

        outputs: list[dict[str, Any]] | None | Unset
        if isinstance(self.outputs, Unset):
            outputs = UNSET
        elif isinstance(self.outputs, list):
            outputs = []
            for outputs_type_0_item_data in self.outputs:
                outputs_type_0_item = outputs_type_0_item_data.to_dict()
                outputs.append(outputs_type_0_item)

        else:
            outputs = self.outputs

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "org_id": org_id,
                "template_id": template_id,
                "template_version": template_version,
                "status": status,
                "modifications": modifications,
                "created_at": created_at,
                "object": object_,
            }
        )
        if metadata is not UNSET:
            field_dict["metadata"] = metadata
        if result_url is not UNSET:
            field_dict["result_url"] = result_url
        if thumbnail_url is not UNSET:
            field_dict["thumbnail_url"] = thumbnail_url
        if error is not UNSET:
            field_dict["error"] = error
        if duration_ms is not UNSET:
            field_dict["duration_ms"] = duration_ms
        if webhook_url is not UNSET:
            field_dict["webhook_url"] = webhook_url
        if webhook_id is not UNSET:
            field_dict["webhook_id"] = webhook_id
        if collection_id is not UNSET:
            field_dict["collection_id"] = collection_id
        if started_at is not UNSET:
            field_dict["started_at"] = started_at
        if completed_at is not UNSET:
            field_dict["completed_at"] = completed_at
        if cached_from is not UNSET:
            field_dict["cached_from"] = cached_from
        if image_metadata is not UNSET:
            field_dict["image_metadata"] = image_metadata
        if warnings is not UNSET:
            field_dict["warnings"] = warnings
        if variants is not UNSET:
            field_dict["variants"] = variants
        if outputs is not UNSET:
            field_dict["outputs"] = outputs

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.image_image_metadata_type_0 import ImageImageMetadataType0
        from ..models.image_modifications_item import ImageModificationsItem
        from ..models.render_error import RenderError
        from ..models.render_metadata import RenderMetadata
        from ..models.render_warning import RenderWarning
        from ..models.variant_output import VariantOutput

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        org_id = UUID(d.pop("org_id"))

        template_id = UUID(d.pop("template_id"))

        template_version = d.pop("template_version")

        status = ImageStatus(d.pop("status"))

        modifications = []
        _modifications = d.pop("modifications")
        for modifications_item_data in _modifications:
            modifications_item = ImageModificationsItem.from_dict(
                modifications_item_data
            )

            modifications.append(modifications_item)

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        object_ = cast(Literal["image"], d.pop("object"))
        if object_ != "image":
            raise ValueError(f"object must match const 'image', got '{object_}'")

        _metadata = d.pop("metadata", UNSET)
        metadata: RenderMetadata | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = RenderMetadata.from_dict(_metadata)

        def _parse_result_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        result_url = _parse_result_url(d.pop("result_url", UNSET))

        def _parse_thumbnail_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        thumbnail_url = _parse_thumbnail_url(d.pop("thumbnail_url", UNSET))

        def _parse_error(data: object) -> None | RenderError | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                error_type_0 = RenderError.from_dict(data)

                return error_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RenderError | Unset, data)

        error = _parse_error(d.pop("error", UNSET))

        def _parse_duration_ms(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        duration_ms = _parse_duration_ms(d.pop("duration_ms", UNSET))

        def _parse_webhook_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        webhook_url = _parse_webhook_url(d.pop("webhook_url", UNSET))

        def _parse_webhook_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                webhook_id_type_0 = UUID(data)

                return webhook_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        webhook_id = _parse_webhook_id(d.pop("webhook_id", UNSET))

        def _parse_collection_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                collection_id_type_0 = UUID(data)

                return collection_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        collection_id = _parse_collection_id(d.pop("collection_id", UNSET))

        def _parse_started_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                started_at_type_0 = datetime.datetime.fromisoformat(data)

                return started_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        started_at = _parse_started_at(d.pop("started_at", UNSET))

        def _parse_completed_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                completed_at_type_0 = datetime.datetime.fromisoformat(data)

                return completed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        completed_at = _parse_completed_at(d.pop("completed_at", UNSET))

        def _parse_cached_from(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                cached_from_type_0 = UUID(data)

                return cached_from_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        cached_from = _parse_cached_from(d.pop("cached_from", UNSET))

        def _parse_image_metadata(
            data: object,
        ) -> ImageImageMetadataType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                image_metadata_type_0 = ImageImageMetadataType0.from_dict(data)

                return image_metadata_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ImageImageMetadataType0 | None | Unset, data)

        image_metadata = _parse_image_metadata(d.pop("image_metadata", UNSET))

        def _parse_warnings(data: object) -> list[RenderWarning] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                warnings_type_0 = []
                _warnings_type_0 = data
                for warnings_type_0_item_data in _warnings_type_0:
                    warnings_type_0_item = RenderWarning.from_dict(
                        warnings_type_0_item_data
                    )

                    warnings_type_0.append(warnings_type_0_item)

                return warnings_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[RenderWarning] | None | Unset, data)

        warnings = _parse_warnings(d.pop("warnings", UNSET))

        variants = cast(list[str], d.pop("variants", UNSET))

        def _parse_outputs(data: object) -> list[VariantOutput] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                outputs_type_0 = []
                _outputs_type_0 = data
                for outputs_type_0_item_data in _outputs_type_0:
                    outputs_type_0_item = VariantOutput.from_dict(
                        outputs_type_0_item_data
                    )

                    outputs_type_0.append(outputs_type_0_item)

                return outputs_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[VariantOutput] | None | Unset, data)

        outputs = _parse_outputs(d.pop("outputs", UNSET))

        image = cls(
            id=id,
            org_id=org_id,
            template_id=template_id,
            template_version=template_version,
            status=status,
            modifications=modifications,
            created_at=created_at,
            object_=object_,
            metadata=metadata,
            result_url=result_url,
            thumbnail_url=thumbnail_url,
            error=error,
            duration_ms=duration_ms,
            webhook_url=webhook_url,
            webhook_id=webhook_id,
            collection_id=collection_id,
            started_at=started_at,
            completed_at=completed_at,
            cached_from=cached_from,
            image_metadata=image_metadata,
            warnings=warnings,
            variants=variants,
            outputs=outputs,
        )

        image.additional_properties = d
        return image

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
