from enum import StrEnum


class ScheduleRunStatus(StrEnum):
    CREATED = "created"
    FAILED = "failed"
    SKIPPED = "skipped"

    def __str__(self) -> str:
        return str(self.value)
