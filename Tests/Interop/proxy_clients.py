"""Python's HTTP clients through StandIn's proxy: `requests` and `httpx`, trusting only the CA file given.

    proxy_clients.py LIBRARY PROXY CA_FILE URL

Prints {"status": N, "body": "…"}.
"""
import json
import sys


def main():
    library, proxy, ca_file, url = sys.argv[1:5]
    if library == "requests":
        import requests

        response = requests.get(url, proxies={"http": proxy, "https": proxy}, verify=ca_file, timeout=10)
        print(json.dumps({"status": response.status_code, "body": response.text}))
    else:
        import httpx

        response = httpx.get(url, proxy=proxy, verify=ca_file, timeout=10)
        print(json.dumps({"status": response.status_code, "body": response.text}))


if __name__ == "__main__":
    main()
