#!/usr/bin/env python3
"""Writes the previous version's data through its own API, as its users did, and records what was acknowledged.

Usage: write.py <api-url> <token> <manifest.json>

One business with a store, 9,000 customers and 2,000 orders. Emails come from a pool of 200 addresses in mixed letter
case, so each address is several customers'; every third customer has none. Every tenth customer is linked to the
store and tagged. Each order has one to three lines of SKUs from a pool of 20, a SKU on two lines now and then. The
pools are the ones BackfillSystemTest lists by (PreviousVersionFixture.email and .sku).
"""
import json
import sys
import urllib.request
from concurrent.futures import ThreadPoolExecutor

CUSTOMERS = 9_000
ORDERS = 2_000
EMAILS = 200
SKUS = 20
HOME = {"street": "1 Main St", "city": "Austin", "state": "TX", "zip": "73301", "country": "US"}

api, token, manifest_path = sys.argv[1:4]


def send(method, path, body=None):
    request = urllib.request.Request(
        api + path,
        method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Authorization": "Bearer " + token, "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=60) as answer:
        content = answer.read()
        return json.loads(content) if content else None


def email(address, customer):
    plain = f"pat.{address}@example.com"
    return plain if customer % 2 == 0 else plain.upper()


def sku(n):
    return f"SKU-{n}"


business = send("POST", "/businesses", {"name": "Before patterns 14 and 15"})["id"]
store = send("POST", f"/businesses/{business}/stores", {"name": "Downtown", "address": HOME})["id"]


def customer(i):
    body = {"firstName": "Pat", "lastName": f"Before{i}", "mailingAddresses": {"home": HOME}}
    if i % 3 != 0:
        body["email"] = email(i % EMAILS, i)
    if i % 10 == 0:
        body["tags"] = ["regular"]
    id = send("POST", f"/businesses/{business}/customers", body)["id"]
    if i % 10 == 0:
        send("PUT", f"/customers/{id}/stores/{store}")
    return id, body.get("email")


def order(i, customer_id):
    lines = [{"sku": sku(i % SKUS), "description": "Item", "quantity": 1, "unitPriceCents": 150}]
    if i % 2 == 0:
        lines.append({"sku": sku(i * 3 % SKUS), "description": "Item", "quantity": 2, "unitPriceCents": 100})
    if i % 5 == 0:
        lines.append({"sku": sku(i * 11 % SKUS), "description": "Item", "quantity": 1, "unitPriceCents": 250})
    body = {"shipTo": "home", "paymentCard": "visa", "lines": lines}
    return send("POST", f"/customers/{customer_id}/orders", body)["id"], sorted({line["sku"] for line in lines})


with ThreadPoolExecutor(max_workers=8) as pool:
    customers = list(pool.map(customer, range(CUSTOMERS)))
    orders = list(pool.map(lambda i: order(i, customers[i * 7 % CUSTOMERS][0]), range(ORDERS)))

# One customer or order a line: {"business": id, "customers": {id: email or null}, "orders": {id: [sku]}}, in the
# order written.
with open(manifest_path, "w") as out:
    out.write('{"business": %s,\n"customers": {\n' % json.dumps(business))
    out.write(",\n".join(f"{json.dumps(id)}: {json.dumps(address)}" for id, address in customers))
    out.write('},\n"orders": {\n')
    out.write(",\n".join(f"{json.dumps(id)}: {json.dumps(skus)}" for id, skus in orders))
    out.write("}}\n")
print(f"business {business}: {len(customers)} customers, {len(orders)} orders")
