"""Calls the GraphQL backend of graphql_server.py (or StandIn recording or replaying it) the ways an app does: gql
with its requests transport for single operations and a batch, and requests itself for a GET with query
parameters, an anonymous operation and a batch posted as a plain JSON array.

    graphql_record_client.py URL     prints one JSON object per line: {"case", "data"}
"""
import json
import sys

import requests
from gql import Client, GraphQLRequest, gql
from gql.transport.requests import RequestsHTTPTransport

GET_USER = "query GetUser($id: ID!) { user(id: $id) { id name email } }"
LIST_USERS = "query ListUsers { users { id name } }"
LOGIN = "mutation Login($username: String!, $password: String!) { login(username: $username, password: $password) { username token } }"
# The password passed under a name that is not a secret's: the argument it is given to says it is one.
SIGN_IN = "mutation SignIn($u: String!, $p: String!) { login(username: $u, password: $p) { username token } }"
PASSWORD = "s3cret-gql-7731"


def report(case, data):
    print(json.dumps({"case": case, "data": data}, sort_keys=True))


def main(url):
    client = Client(transport=RequestsHTTPTransport(url=url, timeout=30))
    with client as session:
        report("user 1", session.execute(GraphQLRequest(GET_USER, variable_values={"id": "1"})))
        report("user 2", session.execute(GraphQLRequest(GET_USER, variable_values={"id": "2"})))
        report(
            "login",
            session.execute(GraphQLRequest(LOGIN, variable_values={"username": "ada", "password": PASSWORD})),
        )
        report(
            "gql batch",
            session.execute_batch(
                [GraphQLRequest(GET_USER, variable_values={"id": "3"}), GraphQLRequest(LIST_USERS)]
            ),
        )
    get = requests.get(url, params={"query": GET_USER, "variables": json.dumps({"id": "4"})}, timeout=30)
    report("get", get.json())
    anonymous = requests.post(url, json={"query": "{ users { name } }"}, timeout=30)
    report("anonymous", anonymous.json())
    batch = requests.post(
        url,
        json=[
            {"query": SIGN_IN, "operationName": "SignIn", "variables": {"u": "ada", "p": PASSWORD}},
            {"query": GET_USER, "variables": {"id": "5"}},
        ],
        timeout=30,
    )
    report("plain batch", batch.json())


if __name__ == "__main__":
    main(sys.argv[1])
