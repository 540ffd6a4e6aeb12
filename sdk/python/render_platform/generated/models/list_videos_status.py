from enum import StrEnum


class ListVideosStatus(StrEnum):
    COMPLETED = "completed"
    FAILED = "failed"
    PENDING = "pending"
    RENDERING = "rendering"

    def __str__(self) -> str:
        return str(self.value)
