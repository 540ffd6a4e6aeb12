from enum import StrEnum


class WebhookUpdateEventsItem(StrEnum):
    COLLECTION_COMPLETED = "collection.completed"
    IMAGE_COMPLETED = "image.completed"
    IMAGE_FAILED = "image.failed"
    PERSON_CREATED = "person.created"
    PERSON_UPDATED = "person.updated"
    VALUE_7 = "*"
    VIDEO_COMPLETED = "video.completed"
    VIDEO_FAILED = "video.failed"

    def __str__(self) -> str:
        return str(self.value)
