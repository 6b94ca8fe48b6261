"""A third-party AG-UI agent for Parley's tests: ag-ui-langgraph serving a LangGraph graph, offline.

Usage: langgraph_agent.py [PORT]   (0 or nothing: a free port)

Serves `POST /` on 127.0.0.1 with `ag_ui_langgraph.add_langgraph_fastapi_endpoint` and prints one
line, `ready http://127.0.0.1:<port>/`, once it accepts connections. Each run's resume channels are
logged to stderr (see LoggingAgent). The adapter keeps its defaults,
so an interrupt is announced as LangGraph and CrewAI do by default: a CUSTOM `on_interrupt` event
(the interrupt's value as JSON text) and a plain RUN_FINISHED. The chat model is scripted (no key,
no network) and keyed on the latest message:

| the conversation                  | the graph does                                                   |
|-----------------------------------|------------------------------------------------------------------|
| "... order A-1042 ..."            | the model calls lookup_order (run by the ToolNode), then says  |
|                                   | "Order A-1042 has shipped with UPS."                             |
| "... add HP-200 to my cart"       | the model calls add_to_cart, which puts it in the       |
|                                   | graph's `cart`, which the adapter sends as STATE_SNAPSHOT        |
| "... refund order A-1042"         | the model calls issue_refund; the approval node calls interrupt()|
|                                   | with the question; resumed with {approved: true, approver}, it   |
|                                   | issues refund RF-7731, with {approved: false, reason} it does not|
| anything else                     | "Sorry, I can help with orders, carts and refunds."              |
"""

from __future__ import annotations

import asyncio
import json
import re
import socket
import sys
from typing import Annotated, Any, Iterator, Optional

import uvicorn
from ag_ui_langgraph import LangGraphAgent, add_langgraph_fastapi_endpoint
from fastapi import FastAPI
from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, AIMessageChunk, BaseMessage, HumanMessage, ToolMessage
from langchain_core.outputs import ChatGeneration, ChatGenerationChunk, ChatResult
from langchain_core.tools import InjectedToolCallId, tool
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import END, START, MessagesState, StateGraph
from langgraph.prebuilt import InjectedState, ToolNode
from langgraph.types import Command, interrupt

ORDERS = {"A-1042": {"order_id": "A-1042", "status": "shipped", "carrier": "UPS", "amount": 49.0}}


# ----------------------------------------------------------------------------- the scripted model


def answer(messages: list[BaseMessage]) -> AIMessage:
    """The scripted reply to the conversation so far: a tool call or a text."""
    last = messages[-1] if messages else None
    if isinstance(last, ToolMessage):
        result = json.loads(last.content) if isinstance(last.content, str) else last.content
        if last.name == "lookup_order":
            return AIMessage(content=f"Order {result['order_id']} has {result['status']} with {result['carrier']}.")
        if last.name == "add_to_cart":
            count = len(result["cart"])
            return AIMessage(content=f"Added {result['sku']} to your cart ({count} item{'' if count == 1 else 's'}).")
        if last.name == "issue_refund" and result.get("status") == "approved":
            return AIMessage(content=f"Refund {result['refund_id']} of $49.00 for order A-1042 was approved by {result['approver']}.")
        if last.name == "issue_refund":
            return AIMessage(content=f"The refund for order A-1042 was not approved: {result['reason']}.")
        return AIMessage(content=f"I got a result from {last.name} I did not expect.")
    text = last.content if isinstance(last, HumanMessage) and isinstance(last.content, str) else ""
    n = len(messages)
    if match := re.search(r"(?i)\brefund\b.*\border\s+([A-Z]-\d{4})", text):
        order = ORDERS[match[1]]
        return call("issue_refund", {"order_id": order["order_id"], "amount": order["amount"]}, f"call_issue_refund_{n}")
    if match := re.search(r"(?i)\border\s+([A-Z]-\d{4})", text):
        return call("lookup_order", {"order_id": match[1]}, f"call_lookup_order_{n}")
    if match := re.search(r"(?i)\badd ([A-Z]+-\d+) to my cart", text):
        return call("add_to_cart", {"sku": match[1]}, f"call_add_to_cart_{n}")
    return AIMessage(content="Sorry, I can help with orders, carts and refunds.")


def call(name: str, args: dict[str, Any], call_id: str) -> AIMessage:
    return AIMessage(content="", tool_calls=[{"name": name, "args": args, "id": call_id, "type": "tool_call"}])


class ScriptedChatModel(BaseChatModel):
    """A chat model that answers from the script above; it streams text in words and a tool call's
    arguments in two fragments, as a provider does, so the adapter sees chunks."""

    @property
    def _llm_type(self) -> str:
        return "parley-scripted"

    def bind_tools(self, tools: Any, **kwargs: Any) -> "ScriptedChatModel":
        return self

    def _generate(
        self, messages: list[BaseMessage], stop: Optional[list[str]] = None,
        run_manager: Optional[CallbackManagerForLLMRun] = None, **kwargs: Any,
    ) -> ChatResult:
        return ChatResult(generations=[ChatGeneration(message=answer(messages))])

    def _stream(
        self, messages: list[BaseMessage], stop: Optional[list[str]] = None,
        run_manager: Optional[CallbackManagerForLLMRun] = None, **kwargs: Any,
    ) -> Iterator[ChatGenerationChunk]:
        message = answer(messages)
        if message.tool_calls:
            tool_call = message.tool_calls[0]
            text = json.dumps(tool_call["args"])
            half = len(text) // 2
            # As OpenAI streams a call: name and id with no arguments, then the arguments in pieces
            # (ag-ui-langgraph starts the call from the first chunk and ignores arguments in it).
            pieces = [
                {"name": tool_call["name"], "args": "", "id": tool_call["id"], "index": 0},
                {"name": None, "args": text[:half], "id": None, "index": 0},
                {"name": None, "args": text[half:], "id": None, "index": 0},
            ]
            for piece in pieces:
                chunk = ChatGenerationChunk(message=AIMessageChunk(content="", tool_call_chunks=[{**piece, "type": "tool_call_chunk"}]))
                if run_manager:
                    run_manager.on_llm_new_token("", chunk=chunk)
                yield chunk
            return
        for word in re.findall(r"\S+\s*", message.content):
            chunk = ChatGenerationChunk(message=AIMessageChunk(content=word))
            if run_manager:
                run_manager.on_llm_new_token(word, chunk=chunk)
            yield chunk


# ----------------------------------------------------------------------------- the graph


class ShopState(MessagesState):
    """The graph's state: the messages, and the cart the adapter shares as AG-UI state."""

    cart: list[str]


@tool
def lookup_order(order_id: str) -> dict[str, Any]:
    """Order status and carrier by order id."""
    return ORDERS.get(order_id, {"order_id": order_id, "error": "not_found"})


@tool
def add_to_cart(sku: str, state: Annotated[dict, InjectedState], tool_call_id: Annotated[str, InjectedToolCallId]) -> Command:
    """Adds a product to the cart, which lives in the graph's state (the AG-UI shared state)."""
    cart = [*(state.get("cart") or []), sku]
    result = ToolMessage(content=json.dumps({"sku": sku, "cart": cart}), tool_call_id=tool_call_id, name="add_to_cart")
    return Command(update={"cart": cart, "messages": [result]})


model = ScriptedChatModel()


def agent(state: ShopState) -> dict[str, Any]:
    return {"messages": [model.invoke(state["messages"])]}


def approval(state: ShopState) -> dict[str, Any]:
    """Holds issue_refund for a person: interrupt() pauses the graph until the client resumes it
    with a decision ({"approved": true|false, ...})."""
    tool_call = state["messages"][-1].tool_calls[0]
    decision = interrupt({
        "question": f"Approve the refund of ${tool_call['args']['amount']:.2f} for order {tool_call['args']['order_id']}?",
        "order_id": tool_call["args"]["order_id"],
        "amount": tool_call["args"]["amount"],
    })
    if isinstance(decision, dict) and decision.get("approved") is True:
        content = {"refund_id": "RF-7731", "status": "approved", "approver": decision.get("approver", "someone")}
    else:
        reason = decision.get("reason", "no reason given") if isinstance(decision, dict) else str(decision)
        content = {"status": "denied", "reason": reason}
    return {"messages": [ToolMessage(content=json.dumps(content), tool_call_id=tool_call["id"], name="issue_refund")]}


def route(state: ShopState) -> str:
    last = state["messages"][-1]
    if not isinstance(last, AIMessage) or not last.tool_calls:
        return END
    return "approval" if last.tool_calls[0]["name"] == "issue_refund" else "tools"


builder = StateGraph(ShopState)
builder.add_node("agent", agent)
builder.add_node("tools", ToolNode([lookup_order, add_to_cart]))
builder.add_node("approval", approval)
builder.add_edge(START, "agent")
builder.add_conditional_edges("agent", route, ["tools", "approval", END])
builder.add_edge("tools", "agent")
builder.add_edge("approval", "agent")
graph = builder.compile(checkpointer=InMemorySaver())


class LoggingAgent(LangGraphAgent):
    """The adapter's agent, unchanged, but each run's resume channels go to stderr, so a test can
    see how the client answered an interrupt: `run <runId>: resume=<JSON|-> command.resume=<JSON|->`."""

    async def run(self, input):  # noqa: A002 - the adapter's name
        command = (input.forwarded_props or {}).get("command") if isinstance(input.forwarded_props, dict) else None
        legacy = command.get("resume") if isinstance(command, dict) else None
        standard = [entry.model_dump(by_alias=True, exclude_none=True) for entry in input.resume] if input.resume else None
        print(
            f"run {input.run_id}: resume={json.dumps(standard) if standard else '-'} "
            f"command.resume={json.dumps(legacy) if legacy is not None else '-'}",
            file=sys.stderr, flush=True,
        )
        async for event in super().run(input):
            yield event


app = FastAPI()
add_langgraph_fastapi_endpoint(app, LoggingAgent(name="parley-langgraph", graph=graph), "/")


async def main() -> None:
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", port))
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off"))
    serving = asyncio.create_task(server.serve(sockets=[sock]))
    while not server.started:
        if serving.done():
            serving.result()
            return
        await asyncio.sleep(0.01)
    print(f"ready http://127.0.0.1:{sock.getsockname()[1]}/", flush=True)
    await serving


if __name__ == "__main__":
    asyncio.run(main())
