"""A long-lived LibreOffice for document conversion, driven over UNO.

Started by the engine (packages/engine/src/tools/office/libreoffice-bridge.ts) with Debian's python3 and python3-uno:

    uno-bridge.py SOFFICE PROFILE_URL PIPE_NAME

It starts one headless soffice with its own profile, listening on a named pipe, connects to it, prints
{"ready": true} and then answers one JSON request per line on stdin, in order:

    {"id": 1, "input": "/abs/in.docx", "output": "/abs/out.pdf", "filter": "writer_pdf_Export",
     "filterOptions": "...", "filterData": {"ReduceImageResolution": false}, "inputFilter": "writer_pdf_import"}
    -> {"id": 1, "ok": true} | {"id": 1, "ok": false, "error": "..."}

The office stays loaded between requests, which is what makes a warm conversion fast. When stdin closes, soffice is
terminated. A hang is handled by the engine, which kills this process group and starts a new one. When the office
dies, this script exits too: with 1 when it died on a document, with 2 when it was found dead before one.
"""

import json
import subprocess
import sys
import time

import uno
from com.sun.star.beans import PropertyValue
from com.sun.star.connection import NoConnectException
from com.sun.star.lang import DisposedException


def prop(name, value):
    p = PropertyValue()
    p.Name = name
    p.Value = value
    return p


def reply(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def connect(pipe_name, office):
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    deadline = time.time() + 60
    while True:
        try:
            ctx = resolver.resolve("uno:pipe,name=%s;urp;StarOffice.ComponentContext" % pipe_name)
            return ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
        except NoConnectException:
            if office.poll() is not None or time.time() > deadline:
                raise
            time.sleep(0.1)


def convert(desktop, request):
    load = [prop("Hidden", True), prop("ReadOnly", True), prop("MacroExecutionMode", 0), prop("UpdateDocMode", 0)]
    if request.get("inputFilter"):
        load.append(prop("FilterName", request["inputFilter"]))
    if request.get("inputFilterOptions"):
        load.append(prop("FilterOptions", request["inputFilterOptions"]))
    doc = desktop.loadComponentFromURL(uno.systemPathToFileUrl(request["input"]), "_blank", 0, tuple(load))
    if doc is None:
        raise RuntimeError("LibreOffice could not open this document")
    try:
        store = [prop("FilterName", request["filter"]), prop("Overwrite", True)]
        if request.get("filterOptions"):
            store.append(prop("FilterOptions", request["filterOptions"]))
        if request.get("filterData"):
            data = tuple(prop(k, v) for k, v in request["filterData"].items())
            store.append(prop("FilterData", uno.Any("[]com.sun.star.beans.PropertyValue", data)))
        doc.storeToURL(uno.systemPathToFileUrl(request["output"]), tuple(store))
    finally:
        doc.close(True)


def main():
    soffice, profile_url, pipe_name = sys.argv[1:4]
    office = subprocess.Popen(
        [
            soffice, "--headless", "--invisible", "--nocrashreport", "--nodefault", "--nologo",
            "--nofirststartwizard", "--norestore", "--nolockcheck",
            "-env:UserInstallation=" + profile_url,
            "--accept=pipe,name=%s;urp;StarOffice.ComponentContext" % pipe_name,
        ],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        desktop = connect(pipe_name, office)
        reply({"ready": True})
        for line in sys.stdin:
            if not line.strip():
                continue
            request = json.loads(line)
            if office.poll() is not None:
                # The office died between documents: this one was not tried. Exit code 2 tells the engine so.
                sys.exit(2)
            try:
                convert(desktop, request)
                reply({"id": request["id"], "ok": True})
            except Exception as error:  # a UNO exception of any kind is this document's failure...
                if isinstance(error, DisposedException) or office.poll() is not None:
                    # ...unless the office itself is gone (a document crashed it): exit without an answer, so the
                    # engine reports a failure of ours and starts a fresh office for the next document.
                    sys.exit(1)
                message = getattr(error, "Message", "") or str(error) or type(error).__name__
                reply({"id": request["id"], "ok": False, "error": message})
    finally:
        office.terminate()
        try:
            office.wait(timeout=10)
        except subprocess.TimeoutExpired:
            office.kill()


if __name__ == "__main__":
    main()
