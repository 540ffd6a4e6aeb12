from enum import StrEnum


class TemplateVersionEngineDecisionParityType0Metric(StrEnum):
    SSIMPSNR = "ssim+psnr"

    def __str__(self) -> str:
        return str(self.value)
