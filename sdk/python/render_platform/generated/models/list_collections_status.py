from enum import StrEnum


class ListCollectionsStatus(StrEnum):
    COMPLETED = "completed"
    COMPLETED_WITH_ERRORS = "completed_with_errors"
    FAILED = "failed"
    PENDING = "pending"
    RENDERING = "rendering"

    def __str__(self) -> str:
        return str(self.value)
