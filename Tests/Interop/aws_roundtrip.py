"""Drives boto3 against an AWS endpoint (moto, StandIn recording moto, or StandIn replaying the recording).

Usage: aws_roundtrip.py ENDPOINT_URL
Runs the same calls every time: S3 create bucket, put and get an object; DynamoDB create table, put and get an
item. Prints what came back as one JSON line. Any checksum or parse failure in boto3 raises and exits non-zero.
"""

import json
import sys

import boto3
from botocore.config import Config


def main(endpoint):
    settings = dict(
        endpoint_url=endpoint,
        region_name="us-east-1",
        aws_access_key_id="testing",
        aws_secret_access_key="testing",
        config=Config(retries={"max_attempts": 1}, s3={"addressing_style": "path"}),
    )
    s3 = boto3.client("s3", **settings)
    s3.create_bucket(Bucket="standin-interop")
    s3.put_object(Bucket="standin-interop", Key="greeting.txt", Body=b"hello from boto3")
    got_object = s3.get_object(Bucket="standin-interop", Key="greeting.txt")["Body"].read().decode()

    dynamodb = boto3.client("dynamodb", **settings)
    dynamodb.create_table(
        TableName="people",
        KeySchema=[{"AttributeName": "id", "KeyType": "HASH"}],
        AttributeDefinitions=[{"AttributeName": "id", "AttributeType": "S"}],
        BillingMode="PAY_PER_REQUEST",
    )
    item = {"id": {"S": "ada"}, "name": {"S": "Ada Lovelace"}, "born": {"N": "1815"}, "tags": {"SS": ["math", "poet"]}}
    dynamodb.put_item(TableName="people", Item=item)
    got_item = dynamodb.get_item(TableName="people", Key={"id": {"S": "ada"}})["Item"]

    print(json.dumps({"object": got_object, "item": got_item}, sort_keys=True))


if __name__ == "__main__":
    main(sys.argv[1])
