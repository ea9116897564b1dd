"""A real GraphQL backend for the record tests: strawberry-graphql's ASGI app, served by uvicorn.

    python3 graphql_server.py PORT

It answers on http://127.0.0.1:PORT/graphql (POST JSON, GET, and batches of up to 10 operations):
- query user(id: ID!): User, with id, name and email, for ids 1 to 9;
- query users: [User!]!, every user;
- mutation login(username: String!, password: String!): LoginResult, whose token is handed out for "ada" with
  the password "s3cret-gql-7731" only (anything else: an error).
"""

import sys

import strawberry
import uvicorn
from strawberry.asgi import GraphQL
from strawberry.schema.config import StrawberryConfig

NAMES = {"1": "Ada", "2": "Grace", "3": "Edsger", "4": "Barbara", "5": "Donald", "6": "Frances", "7": "Niklaus",
         "8": "Tony", "9": "Margaret"}
PASSWORD = "s3cret-gql-7731"
TOKEN = "tok-gql-5e6f7a8b9c"


@strawberry.type
class User:
    id: strawberry.ID
    name: str
    email: str


@strawberry.type
class LoginResult:
    username: str
    token: str


def user(id: str) -> User | None:
    name = NAMES.get(str(id))
    return User(id=strawberry.ID(str(id)), name=name, email=f"{name.lower()}@example.com") if name else None


@strawberry.type
class Query:
    @strawberry.field(name="user")
    def user_by_id(self, id: strawberry.ID) -> User | None:
        return user(id)

    @strawberry.field
    def users(self) -> list[User]:
        return [user(id) for id in NAMES]


@strawberry.type
class Mutation:
    @strawberry.mutation
    def login(self, username: str, password: str) -> LoginResult:
        if username != "ada" or password != PASSWORD:
            raise ValueError("wrong username or password")
        return LoginResult(username=username, token=TOKEN)


schema = strawberry.Schema(
    query=Query,
    mutation=Mutation,
    config=StrawberryConfig(batching_config={"max_operations": 10}),
)
app = GraphQL(schema, graphql_ide=None)

if __name__ == "__main__":
    uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[1]), log_level="warning")
