from enum import StrEnum


class ListImagesStatus(StrEnum):
    COMPLETED = "completed"
    FAILED = "failed"
    PENDING = "pending"
    RENDERING = "rendering"

    def __str__(self) -> str:
        return str(self.value)
