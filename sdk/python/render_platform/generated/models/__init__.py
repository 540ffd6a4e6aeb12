"""Contains all the data models used in inputs/outputs"""

from .asset import Asset
from .asset_content_type import AssetContentType
from .audio_track import AudioTrack
from .collection import Collection
from .collection_item import CollectionItem
from .collection_item_error_type_0 import CollectionItemErrorType0
from .collection_item_input import CollectionItemInput
from .collection_item_input_metadata import CollectionItemInputMetadata
from .collection_item_metadata import CollectionItemMetadata
from .collection_item_status import CollectionItemStatus
from .collection_metadata import CollectionMetadata
from .collection_preflight import CollectionPreflight
from .collection_preflight_warnings_count import CollectionPreflightWarningsCount
from .collection_status import CollectionStatus
from .collection_type import CollectionType
from .collection_warnings_count import CollectionWarningsCount
from .create_collection_body import CreateCollectionBody
from .create_collection_body_metadata import CreateCollectionBodyMetadata
from .create_collection_from_people_body import CreateCollectionFromPeopleBody
from .create_collection_from_people_body_mapping import (
    CreateCollectionFromPeopleBodyMapping,
)
from .create_collection_from_people_body_metadata import (
    CreateCollectionFromPeopleBodyMetadata,
)
from .create_collection_from_people_body_people import (
    CreateCollectionFromPeopleBodyPeople,
)
from .create_image_body import CreateImageBody
from .create_image_body_metadata import CreateImageBodyMetadata
from .create_person_body import CreatePersonBody
from .create_person_body_custom_fields import CreatePersonBodyCustomFields
from .create_preview_body import CreatePreviewBody
from .create_schedule_body import CreateScheduleBody
from .create_schedule_body_mapping import CreateScheduleBodyMapping
from .create_schedule_body_metadata import CreateScheduleBodyMetadata
from .create_schedule_body_people import CreateScheduleBodyPeople
from .create_template_body import CreateTemplateBody
from .create_template_body_canvas_data import CreateTemplateBodyCanvasData
from .create_template_body_engine import CreateTemplateBodyEngine
from .create_template_body_format import CreateTemplateBodyFormat
from .create_template_body_type import CreateTemplateBodyType
from .create_template_body_video_strategy import CreateTemplateBodyVideoStrategy
from .create_url_key_body import CreateUrlKeyBody
from .create_video_body import CreateVideoBody
from .create_video_body_metadata import CreateVideoBodyMetadata
from .design_box_motion import DesignBoxMotion
from .design_box_motion_preset import DesignBoxMotionPreset
from .design_box_motion_side import DesignBoxMotionSide
from .design_easing_type_0 import DesignEasingType0
from .design_font import DesignFont
from .design_font_style import DesignFontStyle
from .design_group_layer_at_depth_0 import DesignGroupLayerAtDepth0
from .design_group_layer_at_depth_0_type import DesignGroupLayerAtDepth0Type
from .design_group_layer_at_depth_0_variants import DesignGroupLayerAtDepth0Variants
from .design_group_layer_at_depth_0_variants_additional_property import (
    DesignGroupLayerAtDepth0VariantsAdditionalProperty,
)
from .design_group_layer_at_depth_1 import DesignGroupLayerAtDepth1
from .design_group_layer_at_depth_1_type import DesignGroupLayerAtDepth1Type
from .design_group_layer_at_depth_1_variants import DesignGroupLayerAtDepth1Variants
from .design_group_layer_at_depth_1_variants_additional_property import (
    DesignGroupLayerAtDepth1VariantsAdditionalProperty,
)
from .design_group_layer_at_depth_2 import DesignGroupLayerAtDepth2
from .design_group_layer_at_depth_2_type import DesignGroupLayerAtDepth2Type
from .design_group_layer_at_depth_2_variants import DesignGroupLayerAtDepth2Variants
from .design_group_layer_at_depth_2_variants_additional_property import (
    DesignGroupLayerAtDepth2VariantsAdditionalProperty,
)
from .design_image_layer import DesignImageLayer
from .design_image_layer_bindings import DesignImageLayerBindings
from .design_image_layer_fit import DesignImageLayerFit
from .design_image_layer_focal import DesignImageLayerFocal
from .design_image_layer_type import DesignImageLayerType
from .design_image_layer_variants import DesignImageLayerVariants
from .design_image_layer_variants_additional_property import (
    DesignImageLayerVariantsAdditionalProperty,
)
from .design_keyframes import DesignKeyframes
from .design_keyframes_height_item import DesignKeyframesHeightItem
from .design_keyframes_opacity_item import DesignKeyframesOpacityItem
from .design_keyframes_rotation_item import DesignKeyframesRotationItem
from .design_keyframes_scale_item import DesignKeyframesScaleItem
from .design_keyframes_width_item import DesignKeyframesWidthItem
from .design_keyframes_x_item import DesignKeyframesXItem
from .design_keyframes_y_item import DesignKeyframesYItem
from .design_layer import DesignLayer
from .design_layer_at_depth_1 import DesignLayerAtDepth1
from .design_layer_at_depth_1_type import DesignLayerAtDepth1Type
from .design_layer_at_depth_2 import DesignLayerAtDepth2
from .design_layer_at_depth_2_type import DesignLayerAtDepth2Type
from .design_layer_at_depth_3 import DesignLayerAtDepth3
from .design_layer_at_depth_3_type import DesignLayerAtDepth3Type
from .design_layer_type import DesignLayerType
from .design_paint_type_1_stops_item import DesignPaintType1StopsItem
from .design_paint_type_1_type import DesignPaintType1Type
from .design_qr_layer import DesignQrLayer
from .design_qr_layer_bindings import DesignQrLayerBindings
from .design_qr_layer_error_correction import DesignQrLayerErrorCorrection
from .design_qr_layer_type import DesignQrLayerType
from .design_qr_layer_variants import DesignQrLayerVariants
from .design_qr_layer_variants_additional_property import (
    DesignQrLayerVariantsAdditionalProperty,
)
from .design_shape_keyframes import DesignShapeKeyframes
from .design_shape_keyframes_fill_item import DesignShapeKeyframesFillItem
from .design_shape_keyframes_height_item import DesignShapeKeyframesHeightItem
from .design_shape_keyframes_opacity_item import DesignShapeKeyframesOpacityItem
from .design_shape_keyframes_rotation_item import DesignShapeKeyframesRotationItem
from .design_shape_keyframes_scale_item import DesignShapeKeyframesScaleItem
from .design_shape_keyframes_width_item import DesignShapeKeyframesWidthItem
from .design_shape_keyframes_x_item import DesignShapeKeyframesXItem
from .design_shape_keyframes_y_item import DesignShapeKeyframesYItem
from .design_shape_layer import DesignShapeLayer
from .design_shape_layer_bindings import DesignShapeLayerBindings
from .design_shape_layer_stroke_type_0 import DesignShapeLayerStrokeType0
from .design_shape_layer_type import DesignShapeLayerType
from .design_shape_layer_variants import DesignShapeLayerVariants
from .design_shape_layer_variants_additional_property import (
    DesignShapeLayerVariantsAdditionalProperty,
)
from .design_text_keyframes import DesignTextKeyframes
from .design_text_keyframes_color_item import DesignTextKeyframesColorItem
from .design_text_keyframes_height_item import DesignTextKeyframesHeightItem
from .design_text_keyframes_opacity_item import DesignTextKeyframesOpacityItem
from .design_text_keyframes_rotation_item import DesignTextKeyframesRotationItem
from .design_text_keyframes_scale_item import DesignTextKeyframesScaleItem
from .design_text_keyframes_width_item import DesignTextKeyframesWidthItem
from .design_text_keyframes_x_item import DesignTextKeyframesXItem
from .design_text_keyframes_y_item import DesignTextKeyframesYItem
from .design_text_layer import DesignTextLayer
from .design_text_layer_align import DesignTextLayerAlign
from .design_text_layer_bindings import DesignTextLayerBindings
from .design_text_layer_font_style import DesignTextLayerFontStyle
from .design_text_layer_overflow import DesignTextLayerOverflow
from .design_text_layer_overflow_mode import DesignTextLayerOverflowMode
from .design_text_layer_shadow_type_0 import DesignTextLayerShadowType0
from .design_text_layer_transform import DesignTextLayerTransform
from .design_text_layer_type import DesignTextLayerType
from .design_text_layer_variants import DesignTextLayerVariants
from .design_text_layer_variants_additional_property import (
    DesignTextLayerVariantsAdditionalProperty,
)
from .design_text_layer_vertical_align import DesignTextLayerVerticalAlign
from .design_text_motion import DesignTextMotion
from .design_text_motion_preset import DesignTextMotionPreset
from .design_text_motion_side import DesignTextMotionSide
from .error import Error
from .error_error import ErrorError
from .error_error_details_item import ErrorErrorDetailsItem
from .image import Image
from .image_image_metadata_type_0 import ImageImageMetadataType0
from .image_image_metadata_type_0_engine import ImageImageMetadataType0Engine
from .image_modifications_item import ImageModificationsItem
from .image_status import ImageStatus
from .list_collections_status import ListCollectionsStatus
from .list_deliveries_status import ListDeliveriesStatus
from .list_images_status import ListImagesStatus
from .list_templates_type import ListTemplatesType
from .list_videos_status import ListVideosStatus
from .modification import Modification
from .person import Person
from .person_custom_fields import PersonCustomFields
from .person_status import PersonStatus
from .placeholder import Placeholder
from .placeholder_type import PlaceholderType
from .preflight_item import PreflightItem
from .preflight_item_error_type_0 import PreflightItemErrorType0
from .preflight_item_metadata import PreflightItemMetadata
from .preflight_item_modifications_item import PreflightItemModificationsItem
from .preview_template import PreviewTemplate
from .preview_template_canvas_data import PreviewTemplateCanvasData
from .preview_template_engine import PreviewTemplateEngine
from .preview_template_format import PreviewTemplateFormat
from .preview_template_type import PreviewTemplateType
from .preview_template_video_strategy import PreviewTemplateVideoStrategy
from .provenance import Provenance
from .provenance_assets_item import ProvenanceAssetsItem
from .provenance_fonts import ProvenanceFonts
from .provenance_pinned_item import ProvenancePinnedItem
from .render_error import RenderError
from .render_metadata import RenderMetadata
from .render_warning import RenderWarning
from .render_warning_code import RenderWarningCode
from .schedule import Schedule
from .schedule_mapping import ScheduleMapping
from .schedule_metadata import ScheduleMetadata
from .schedule_people import SchedulePeople
from .schedule_run import ScheduleRun
from .schedule_run_error_type_0 import ScheduleRunErrorType0
from .schedule_run_kind import ScheduleRunKind
from .schedule_run_status import ScheduleRunStatus
from .schedule_trigger import ScheduleTrigger
from .template import Template
from .template_canvas_data import TemplateCanvasData
from .template_engine import TemplateEngine
from .template_engine_decision import TemplateEngineDecision
from .template_engine_decision_engine import TemplateEngineDecisionEngine
from .template_engine_decision_parity_type_0 import TemplateEngineDecisionParityType0
from .template_engine_decision_parity_type_0_metric import (
    TemplateEngineDecisionParityType0Metric,
)
from .template_engine_decision_parity_type_0_samples_item import (
    TemplateEngineDecisionParityType0SamplesItem,
)
from .template_engine_decision_parity_type_0_threshold import (
    TemplateEngineDecisionParityType0Threshold,
)
from .template_format import TemplateFormat
from .template_placeholders_item import TemplatePlaceholdersItem
from .template_placeholders_item_type import TemplatePlaceholdersItemType
from .template_source import TemplateSource
from .template_type import TemplateType
from .template_version import TemplateVersion
from .template_version_canvas_data import TemplateVersionCanvasData
from .template_version_engine import TemplateVersionEngine
from .template_version_engine_decision import TemplateVersionEngineDecision
from .template_version_engine_decision_engine import TemplateVersionEngineDecisionEngine
from .template_version_engine_decision_parity_type_0 import (
    TemplateVersionEngineDecisionParityType0,
)
from .template_version_engine_decision_parity_type_0_metric import (
    TemplateVersionEngineDecisionParityType0Metric,
)
from .template_version_engine_decision_parity_type_0_samples_item import (
    TemplateVersionEngineDecisionParityType0SamplesItem,
)
from .template_version_engine_decision_parity_type_0_threshold import (
    TemplateVersionEngineDecisionParityType0Threshold,
)
from .template_version_format import TemplateVersionFormat
from .template_version_parity import TemplateVersionParity
from .template_version_parity_engine import TemplateVersionParityEngine
from .template_version_parity_samples_item import TemplateVersionParitySamplesItem
from .template_version_parity_threshold_type_0 import (
    TemplateVersionParityThresholdType0,
)
from .template_version_pinned_resources_item import TemplateVersionPinnedResourcesItem
from .template_version_pinned_resources_item_error_type_0 import (
    TemplateVersionPinnedResourcesItemErrorType0,
)
from .template_version_pinned_resources_item_error_type_0_code import (
    TemplateVersionPinnedResourcesItemErrorType0Code,
)
from .template_version_pinned_resources_item_gate_type_0 import (
    TemplateVersionPinnedResourcesItemGateType0,
)
from .template_version_pinned_resources_item_gate_type_0_findings_item import (
    TemplateVersionPinnedResourcesItemGateType0FindingsItem,
)
from .template_version_pinned_resources_item_kind import (
    TemplateVersionPinnedResourcesItemKind,
)
from .template_version_pinned_resources_item_status import (
    TemplateVersionPinnedResourcesItemStatus,
)
from .template_version_placeholders_item import TemplateVersionPlaceholdersItem
from .template_version_placeholders_item_type import TemplateVersionPlaceholdersItemType
from .template_version_source import TemplateVersionSource
from .template_version_type import TemplateVersionType
from .template_version_video_strategy import TemplateVersionVideoStrategy
from .template_video_strategy import TemplateVideoStrategy
from .update_person_body import UpdatePersonBody
from .update_person_body_custom_fields import UpdatePersonBodyCustomFields
from .update_schedule_body import UpdateScheduleBody
from .update_schedule_body_mapping import UpdateScheduleBodyMapping
from .update_schedule_body_metadata import UpdateScheduleBodyMetadata
from .update_schedule_body_people import UpdateScheduleBodyPeople
from .update_template_body import UpdateTemplateBody
from .update_template_body_canvas_data import UpdateTemplateBodyCanvasData
from .update_template_body_engine import UpdateTemplateBodyEngine
from .update_template_body_format import UpdateTemplateBodyFormat
from .update_template_body_video_strategy import UpdateTemplateBodyVideoStrategy
from .upload_asset_files_body import UploadAssetFilesBody
from .url_key import UrlKey
from .url_key_with_secret import UrlKeyWithSecret
from .variant_output import VariantOutput
from .video import Video
from .video_audio_type_0 import VideoAudioType0
from .video_metadata import VideoMetadata
from .video_metadata_audio_type_0 import VideoMetadataAudioType0
from .video_modifications_item import VideoModificationsItem
from .video_progress import VideoProgress
from .video_status import VideoStatus
from .webhook import Webhook
from .webhook_attempt import WebhookAttempt
from .webhook_create import WebhookCreate
from .webhook_create_events_item import WebhookCreateEventsItem
from .webhook_delivery import WebhookDelivery
from .webhook_delivery_detail import WebhookDeliveryDetail
from .webhook_delivery_detail_event_type import WebhookDeliveryDetailEventType
from .webhook_delivery_detail_payload import WebhookDeliveryDetailPayload
from .webhook_delivery_detail_payload_data import WebhookDeliveryDetailPayloadData
from .webhook_delivery_detail_status import WebhookDeliveryDetailStatus
from .webhook_delivery_event_type import WebhookDeliveryEventType
from .webhook_delivery_payload import WebhookDeliveryPayload
from .webhook_delivery_payload_data import WebhookDeliveryPayloadData
from .webhook_delivery_status import WebhookDeliveryStatus
from .webhook_update import WebhookUpdate
from .webhook_update_events_item import WebhookUpdateEventsItem
from .webhook_with_secret import WebhookWithSecret

__all__ = (
    "Asset",
    "AssetContentType",
    "AudioTrack",
    "Collection",
    "CollectionItem",
    "CollectionItemErrorType0",
    "CollectionItemInput",
    "CollectionItemInputMetadata",
    "CollectionItemMetadata",
    "CollectionItemStatus",
    "CollectionMetadata",
    "CollectionPreflight",
    "CollectionPreflightWarningsCount",
    "CollectionStatus",
    "CollectionType",
    "CollectionWarningsCount",
    "CreateCollectionBody",
    "CreateCollectionBodyMetadata",
    "CreateCollectionFromPeopleBody",
    "CreateCollectionFromPeopleBodyMapping",
    "CreateCollectionFromPeopleBodyMetadata",
    "CreateCollectionFromPeopleBodyPeople",
    "CreateImageBody",
    "CreateImageBodyMetadata",
    "CreatePersonBody",
    "CreatePersonBodyCustomFields",
    "CreatePreviewBody",
    "CreateScheduleBody",
    "CreateScheduleBodyMapping",
    "CreateScheduleBodyMetadata",
    "CreateScheduleBodyPeople",
    "CreateTemplateBody",
    "CreateTemplateBodyCanvasData",
    "CreateTemplateBodyEngine",
    "CreateTemplateBodyFormat",
    "CreateTemplateBodyType",
    "CreateTemplateBodyVideoStrategy",
    "CreateUrlKeyBody",
    "CreateVideoBody",
    "CreateVideoBodyMetadata",
    "DesignBoxMotion",
    "DesignBoxMotionPreset",
    "DesignBoxMotionSide",
    "DesignEasingType0",
    "DesignFont",
    "DesignFontStyle",
    "DesignGroupLayerAtDepth0",
    "DesignGroupLayerAtDepth0Type",
    "DesignGroupLayerAtDepth0Variants",
    "DesignGroupLayerAtDepth0VariantsAdditionalProperty",
    "DesignGroupLayerAtDepth1",
    "DesignGroupLayerAtDepth1Type",
    "DesignGroupLayerAtDepth1Variants",
    "DesignGroupLayerAtDepth1VariantsAdditionalProperty",
    "DesignGroupLayerAtDepth2",
    "DesignGroupLayerAtDepth2Type",
    "DesignGroupLayerAtDepth2Variants",
    "DesignGroupLayerAtDepth2VariantsAdditionalProperty",
    "DesignImageLayer",
    "DesignImageLayerBindings",
    "DesignImageLayerFit",
    "DesignImageLayerFocal",
    "DesignImageLayerType",
    "DesignImageLayerVariants",
    "DesignImageLayerVariantsAdditionalProperty",
    "DesignKeyframes",
    "DesignKeyframesHeightItem",
    "DesignKeyframesOpacityItem",
    "DesignKeyframesRotationItem",
    "DesignKeyframesScaleItem",
    "DesignKeyframesWidthItem",
    "DesignKeyframesXItem",
    "DesignKeyframesYItem",
    "DesignLayer",
    "DesignLayerAtDepth1",
    "DesignLayerAtDepth1Type",
    "DesignLayerAtDepth2",
    "DesignLayerAtDepth2Type",
    "DesignLayerAtDepth3",
    "DesignLayerAtDepth3Type",
    "DesignLayerType",
    "DesignPaintType1StopsItem",
    "DesignPaintType1Type",
    "DesignQrLayer",
    "DesignQrLayerBindings",
    "DesignQrLayerErrorCorrection",
    "DesignQrLayerType",
    "DesignQrLayerVariants",
    "DesignQrLayerVariantsAdditionalProperty",
    "DesignShapeKeyframes",
    "DesignShapeKeyframesFillItem",
    "DesignShapeKeyframesHeightItem",
    "DesignShapeKeyframesOpacityItem",
    "DesignShapeKeyframesRotationItem",
    "DesignShapeKeyframesScaleItem",
    "DesignShapeKeyframesWidthItem",
    "DesignShapeKeyframesXItem",
    "DesignShapeKeyframesYItem",
    "DesignShapeLayer",
    "DesignShapeLayerBindings",
    "DesignShapeLayerStrokeType0",
    "DesignShapeLayerType",
    "DesignShapeLayerVariants",
    "DesignShapeLayerVariantsAdditionalProperty",
    "DesignTextKeyframes",
    "DesignTextKeyframesColorItem",
    "DesignTextKeyframesHeightItem",
    "DesignTextKeyframesOpacityItem",
    "DesignTextKeyframesRotationItem",
    "DesignTextKeyframesScaleItem",
    "DesignTextKeyframesWidthItem",
    "DesignTextKeyframesXItem",
    "DesignTextKeyframesYItem",
    "DesignTextLayer",
    "DesignTextLayerAlign",
    "DesignTextLayerBindings",
    "DesignTextLayerFontStyle",
    "DesignTextLayerOverflow",
    "DesignTextLayerOverflowMode",
    "DesignTextLayerShadowType0",
    "DesignTextLayerTransform",
    "DesignTextLayerType",
    "DesignTextLayerVariants",
    "DesignTextLayerVariantsAdditionalProperty",
    "DesignTextLayerVerticalAlign",
    "DesignTextMotion",
    "DesignTextMotionPreset",
    "DesignTextMotionSide",
    "Error",
    "ErrorError",
    "ErrorErrorDetailsItem",
    "Image",
    "ImageImageMetadataType0",
    "ImageImageMetadataType0Engine",
    "ImageModificationsItem",
    "ImageStatus",
    "ListCollectionsStatus",
    "ListDeliveriesStatus",
    "ListImagesStatus",
    "ListTemplatesType",
    "ListVideosStatus",
    "Modification",
    "Person",
    "PersonCustomFields",
    "PersonStatus",
    "Placeholder",
    "PlaceholderType",
    "PreflightItem",
    "PreflightItemErrorType0",
    "PreflightItemMetadata",
    "PreflightItemModificationsItem",
    "PreviewTemplate",
    "PreviewTemplateCanvasData",
    "PreviewTemplateEngine",
    "PreviewTemplateFormat",
    "PreviewTemplateType",
    "PreviewTemplateVideoStrategy",
    "Provenance",
    "ProvenanceAssetsItem",
    "ProvenanceFonts",
    "ProvenancePinnedItem",
    "RenderError",
    "RenderMetadata",
    "RenderWarning",
    "RenderWarningCode",
    "Schedule",
    "ScheduleMapping",
    "ScheduleMetadata",
    "SchedulePeople",
    "ScheduleRun",
    "ScheduleRunErrorType0",
    "ScheduleRunKind",
    "ScheduleRunStatus",
    "ScheduleTrigger",
    "Template",
    "TemplateCanvasData",
    "TemplateEngine",
    "TemplateEngineDecision",
    "TemplateEngineDecisionEngine",
    "TemplateEngineDecisionParityType0",
    "TemplateEngineDecisionParityType0Metric",
    "TemplateEngineDecisionParityType0SamplesItem",
    "TemplateEngineDecisionParityType0Threshold",
    "TemplateFormat",
    "TemplatePlaceholdersItem",
    "TemplatePlaceholdersItemType",
    "TemplateSource",
    "TemplateType",
    "TemplateVersion",
    "TemplateVersionCanvasData",
    "TemplateVersionEngine",
    "TemplateVersionEngineDecision",
    "TemplateVersionEngineDecisionEngine",
    "TemplateVersionEngineDecisionParityType0",
    "TemplateVersionEngineDecisionParityType0Metric",
    "TemplateVersionEngineDecisionParityType0SamplesItem",
    "TemplateVersionEngineDecisionParityType0Threshold",
    "TemplateVersionFormat",
    "TemplateVersionParity",
    "TemplateVersionParityEngine",
    "TemplateVersionParitySamplesItem",
    "TemplateVersionParityThresholdType0",
    "TemplateVersionPinnedResourcesItem",
    "TemplateVersionPinnedResourcesItemErrorType0",
    "TemplateVersionPinnedResourcesItemErrorType0Code",
    "TemplateVersionPinnedResourcesItemGateType0",
    "TemplateVersionPinnedResourcesItemGateType0FindingsItem",
    "TemplateVersionPinnedResourcesItemKind",
    "TemplateVersionPinnedResourcesItemStatus",
    "TemplateVersionPlaceholdersItem",
    "TemplateVersionPlaceholdersItemType",
    "TemplateVersionSource",
    "TemplateVersionType",
    "TemplateVersionVideoStrategy",
    "TemplateVideoStrategy",
    "UpdatePersonBody",
    "UpdatePersonBodyCustomFields",
    "UpdateScheduleBody",
    "UpdateScheduleBodyMapping",
    "UpdateScheduleBodyMetadata",
    "UpdateScheduleBodyPeople",
    "UpdateTemplateBody",
    "UpdateTemplateBodyCanvasData",
    "UpdateTemplateBodyEngine",
    "UpdateTemplateBodyFormat",
    "UpdateTemplateBodyVideoStrategy",
    "UploadAssetFilesBody",
    "UrlKey",
    "UrlKeyWithSecret",
    "VariantOutput",
    "Video",
    "VideoAudioType0",
    "VideoMetadata",
    "VideoMetadataAudioType0",
    "VideoModificationsItem",
    "VideoProgress",
    "VideoStatus",
    "Webhook",
    "WebhookAttempt",
    "WebhookCreate",
    "WebhookCreateEventsItem",
    "WebhookDelivery",
    "WebhookDeliveryDetail",
    "WebhookDeliveryDetailEventType",
    "WebhookDeliveryDetailPayload",
    "WebhookDeliveryDetailPayloadData",
    "WebhookDeliveryDetailStatus",
    "WebhookDeliveryEventType",
    "WebhookDeliveryPayload",
    "WebhookDeliveryPayloadData",
    "WebhookDeliveryStatus",
    "WebhookUpdate",
    "WebhookUpdateEventsItem",
    "WebhookWithSecret",
)
