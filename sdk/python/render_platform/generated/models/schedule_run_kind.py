from enum import StrEnum


class ScheduleRunKind(StrEnum):
    DAILY = "daily"
    TRIGGER = "trigger"

    def __str__(self) -> str:
        return str(self.value)
