from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_schedule_body import CreateScheduleBody
from ...models.error import Error
from ...models.schedule import Schedule
from ...types import Response


def _get_kwargs(
    *,
    body: CreateScheduleBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/schedules",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | Error | Schedule | None:
    if response.status_code == 201:
        response_201 = Schedule.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = cast(Any, None)
        return response_409

    if response.status_code == 413:
        response_413 = Error.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Error.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = Error.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())

        return response_429

    if response.status_code == 503:
        response_503 = Error.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | Error | Schedule]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateScheduleBody,
) -> Response[Any | Error | Schedule]:
    """Create a daily schedule of collections from people

     Every day at `at` in `timezone` (a Temporal Schedule, visible on the Temporal UI Schedules page) the
    schedule makes a collection from the people matching `people` at that moment, with `mapping` as in
    POST /v1/collections/from-people; `"today"` in the filter is the run's date in the schedule's zone
    (29 February birthdays are celebrated on 28 February in other years). A run matching nobody is
    recorded as `skipped`. At most one timetable run per local date. An unknown zone, time, template,
    placeholder or field answers 422 naming it; an org has at most SCHEDULE_LIMIT_PER_ORG (default 50)
    schedules.

    Args:
        body (CreateScheduleBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | Schedule]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: CreateScheduleBody,
) -> Any | Error | Schedule | None:
    """Create a daily schedule of collections from people

     Every day at `at` in `timezone` (a Temporal Schedule, visible on the Temporal UI Schedules page) the
    schedule makes a collection from the people matching `people` at that moment, with `mapping` as in
    POST /v1/collections/from-people; `"today"` in the filter is the run's date in the schedule's zone
    (29 February birthdays are celebrated on 28 February in other years). A run matching nobody is
    recorded as `skipped`. At most one timetable run per local date. An unknown zone, time, template,
    placeholder or field answers 422 naming it; an org has at most SCHEDULE_LIMIT_PER_ORG (default 50)
    schedules.

    Args:
        body (CreateScheduleBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | Schedule
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateScheduleBody,
) -> Response[Any | Error | Schedule]:
    """Create a daily schedule of collections from people

     Every day at `at` in `timezone` (a Temporal Schedule, visible on the Temporal UI Schedules page) the
    schedule makes a collection from the people matching `people` at that moment, with `mapping` as in
    POST /v1/collections/from-people; `"today"` in the filter is the run's date in the schedule's zone
    (29 February birthdays are celebrated on 28 February in other years). A run matching nobody is
    recorded as `skipped`. At most one timetable run per local date. An unknown zone, time, template,
    placeholder or field answers 422 naming it; an org has at most SCHEDULE_LIMIT_PER_ORG (default 50)
    schedules.

    Args:
        body (CreateScheduleBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | Schedule]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: CreateScheduleBody,
) -> Any | Error | Schedule | None:
    """Create a daily schedule of collections from people

     Every day at `at` in `timezone` (a Temporal Schedule, visible on the Temporal UI Schedules page) the
    schedule makes a collection from the people matching `people` at that moment, with `mapping` as in
    POST /v1/collections/from-people; `"today"` in the filter is the run's date in the schedule's zone
    (29 February birthdays are celebrated on 28 February in other years). A run matching nobody is
    recorded as `skipped`. At most one timetable run per local date. An unknown zone, time, template,
    placeholder or field answers 422 naming it; an org has at most SCHEDULE_LIMIT_PER_ORG (default 50)
    schedules.

    Args:
        body (CreateScheduleBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | Schedule
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
