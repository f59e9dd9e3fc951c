"""Schema fuzzing (issue 9): schemathesis generates valid and invalid requests for every
operation of our own OpenAPI schema and sends them to the WSGI application, anonymously and
as staff with an API token. A run passes only with no 5xx and no answer outside the schema
(undocumented status code, wrong content type, body or headers that break the schema)."""

from __future__ import annotations

import schemathesis
from django.core.wsgi import get_wsgi_application
from django.db import transaction
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.generation.feedback import NO_FEEDBACK

from tests.fuzz.conftest import KNOWN_IDS, examples

#: Examples per operation in the fuzzing phase (IMHOTEP_FUZZ_EXAMPLES raises it, see conftest).
MAX_EXAMPLES = examples(25)

CHECKS = [
    "not_a_server_error",
    "status_code_conformance",
    "content_type_conformance",
    "response_schema_conformance",
    "response_headers_conformance",
]

schema = schemathesis.openapi.from_wsgi("/api/v1/schema", get_wsgi_application())
schema.config.generation.update(
    modes=[GenerationMode.POSITIVE, GenerationMode.NEGATIVE],
    max_examples=MAX_EXAMPLES,
    deterministic=True,
    # Credentials are ours to choose: none (anonymous) or the staff token, never random ones.
    with_security_parameters=False,
)
schema.config.checks.update(included_check_names=CHECKS)


@schema.hook
def flatmap_path_parameters(context, path_parameters):
    """Half the time, point an ``{id}`` at a row the `club` fixture stored, so the fuzzer
    reaches past the 404 into the views' real work."""
    if not path_parameters or "id" not in path_parameters:
        return st.just(path_parameters)
    return st.one_of(
        st.just(path_parameters),
        st.sampled_from(KNOWN_IDS or [1]).map(lambda pk: {**path_parameters, "id": pk}),
    )


FUZZ = settings(deadline=None, suppress_health_check=list(HealthCheck), print_blob=True)


@FUZZ
@schema.parametrize()
def test_every_operation_anonymously(case, club, fast_throttles, keep_connections):
    case.call_and_validate()


@FUZZ
@schema.parametrize()
def test_every_operation_as_staff_with_a_token(case, club, staff_token, fast_throttles, keep_connections):
    case.call_and_validate(headers={"Authorization": f"Token {staff_token}"})


#: Steps of the stateful run: sequences of calls that feed one answer's ids into the next call
#: (links schemathesis infers from the schema: a stored game's id to its moves, replay, PATCH…).
STATEFUL = settings(
    FUZZ,
    max_examples=examples(25),
    stateful_step_count=6,
    database=None,
)


def test_stateful_links_as_staff_with_a_token(club, staff_token, fast_throttles, keep_connections):
    # Without feedback: as_state_machine() feeds values from earlier answers into later draws,
    # which hypothesis cannot replay (FlakyStrategyDefinition at 150 examples, not a finding).
    # Each sequence starts from the club as the fixture stored it (a savepoint rolled back), so
    # that the same draws meet the same answers.
    class Links(schema.build_state_machine(feedback=NO_FEEDBACK, link_calibration=None)):  # type: ignore[misc]
        def setup(self):
            self.savepoint = transaction.savepoint()

        def teardown(self):
            transaction.savepoint_rollback(self.savepoint)

        def get_call_kwargs(self, case):
            return {"headers": {"Authorization": f"Token {staff_token}"}}

    Links.run(settings=STATEFUL)
