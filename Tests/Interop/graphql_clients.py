"""A real GraphQL client against StandIn: gql with its requests transport (and requests itself for what gql does
not send: an application/graphql body, Apollo's automatic persisted queries).

    graphql_clients.py URL     runs every case; prints one JSON object per line: {"case", "data"} or
                               {"case", "error", "errors", "data"} for an answer gql raises on
"""
import hashlib
import json
import sys

import requests
from gql import Client, GraphQLRequest, gql
from gql.transport.exceptions import TransportQueryError, TransportServerError
from gql.transport.requests import RequestsHTTPTransport

GET_USER = "query GetUser($id: ID!) { user(id: $id) { id name } }"
TWO_OPERATIONS = """
query GetUser($id: ID!) { user(id: $id) { id name } }
query ListOrders($first: Int) { orders(first: $first) { id } }
"""
PING = "query Ping { ping }"


def report(case, run):
    try:
        print(json.dumps({"case": case, "data": run()}))
    except TransportQueryError as error:
        print(json.dumps({"case": case, "error": "query", "errors": error.errors, "data": error.data}))
    except TransportServerError as error:
        print(json.dumps({"case": case, "error": "server", "status": error.code, "message": str(error)}))


def client(url, **options):
    return Client(transport=RequestsHTTPTransport(url=url, timeout=30, **options))


def persisted(url):
    """Apollo's protocol: the hash alone, then (told PersistedQueryNotFound) the hash with the document."""
    digest = hashlib.sha256(PING.encode()).hexdigest()
    extensions = {"persistedQuery": {"version": 1, "sha256Hash": digest}}
    first = requests.post(url, json={"operationName": "Ping", "extensions": extensions}, timeout=30).json()
    second = requests.post(
        url, json={"operationName": "Ping", "query": PING, "extensions": extensions}, timeout=30
    ).json()
    return {"first": first, "second": second}


def main(url):
    report("name", lambda: client(url).execute(gql(GET_USER), variable_values={"id": "42"}))
    report(
        "operationName",
        lambda: client(url).execute(gql(TWO_OPERATIONS), operation_name="ListOrders", variable_values={"first": 2}),
    )
    # gql's GET sends the operation as a JSON body; the GraphQL-over-HTTP way is query parameters.
    report("getWithBody", lambda: client(url, method="GET").execute(gql(GET_USER), variable_values={"id": "42"}))
    report(
        "getWithParameters",
        lambda: requests.get(
            url, params={"query": GET_USER, "variables": json.dumps({"id": "42"})}, timeout=30
        ).json()["data"],
    )
    report(
        "applicationGraphql",
        lambda: requests.post(
            url + "?variables=" + requests.utils.quote(json.dumps({"id": "42"})),
            data=GET_USER,
            headers={"Content-Type": "application/graphql"},
            timeout=30,
        ).json()["data"],
    )
    report("persisted", lambda: persisted(url))
    report(
        "batch",
        lambda: [
            result
            for result in client(url).execute_batch(
                [
                    GraphQLRequest(GET_USER, variable_values={"id": "42"}),
                    GraphQLRequest(TWO_OPERATIONS, operation_name="ListOrders", variable_values={"first": 2}),
                ]
            )
        ],
    )
    report("errors", lambda: client(url).execute(gql(GET_USER), variable_values={"id": "0"}))
    report("noMatch", lambda: client(url).execute(gql("query Missing { nothing }")))


if __name__ == "__main__":
    main(sys.argv[1])
