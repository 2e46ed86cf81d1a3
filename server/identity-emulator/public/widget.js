/* global window, document, location, ResizeObserver */
// Runs inside the emulator's page. In "embedded" mode it is the far side of @sumsub/websdk's
// iframe protocol: it announces itself with idCheck.onReady (echoing the frame id the SDK put in
// the `_` query parameter), receives idCheck.init with the access token, and then reports what
// the real widget reports (onInitialized, onResize, onApplicantLoaded, onStepInitiated,
// onStepCompleted, onApplicantSubmitted, onApplicantStatusChanged ...), every message carrying the
// session id. In "hosted" mode (the emailed link) the same steps run without a host page.
(function () {
  "use strict";
  var body = document.body;
  var mode = body.getAttribute("data-mode");
  var linkId = body.getAttribute("data-link");
  var app = document.getElementById("app");
  var embedded = mode === "embedded" && window.parent !== window;

  // The SDK's frame id is "id_" + btoa(token), not URL-encoded, so "+" must survive: read the raw
  // query string instead of URLSearchParams (which would turn "+" into a space).
  var frameMatch = /[?&]_=([^&]*)/.exec(location.search);
  var frameId = frameMatch ? frameMatch[1] : "";
  var themeMatch = /[?&]theme=([^&]*)/.exec(location.search);
  if (themeMatch) body.setAttribute("data-theme", themeMatch[1]);
  var sessionId = "emu-" + (crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2));

  var accessToken = null;
  var hostOrigin = "*";
  var view = null; // {applicantId, levelName, stepsCompleted, requiredSteps, review}
  var pendingRefresh = null; // resolver waiting for idCheck.updateAccessToken
  var busy = false;

  function post(method, payload) {
    if (!embedded) return;
    var msg = Object.assign({}, payload || {}, { method: method, sessionId: sessionId });
    if (view) {
      if (msg.applicantId === undefined) msg.applicantId = view.applicantId;
      if (msg.levelName === undefined) msg.levelName = view.levelName;
    }
    window.parent.postMessage(msg, hostOrigin);
  }

  // The page's own height (the body, not the document, which never reports less than the frame):
  // posted again whenever it changes, e.g. when a narrower window wraps the text, as the real
  // widget does, so the host's frame follows and never cuts the buttons off.
  function resize() {
    post("idCheck.onResize", { height: Math.ceil(body.getBoundingClientRect().height) });
  }
  if (typeof ResizeObserver === "function")
    new ResizeObserver(function () {
      resize();
    }).observe(body);

  function statusPayload(review) {
    var p = {
      reprocessing: false,
      levelName: review.levelName,
      creationDate: review.createDate,
      reviewStatus: review.reviewStatus,
      autoChecked: false,
    };
    if (review.reviewResult) p.reviewResult = review.reviewResult;
    return p;
  }

  // Asks the host for a fresh token (the SDK routes this error to its expiration handler) and
  // waits for idCheck.updateAccessToken.
  function refreshToken() {
    return new Promise(function (resolve, reject) {
      if (!embedded) return reject(new Error("This verification link has expired."));
      pendingRefresh = { resolve: resolve, reject: reject };
      post("idCheck.onError", { code: "invalid-token", error: "Access token expired" });
    });
  }

  function call(action, payload, retried) {
    var headers = { "Content-Type": "application/json" };
    if (linkId) headers["X-Link-Id"] = linkId;
    else headers["X-Access-Token"] = accessToken || "";
    return fetch("/websdk/api/" + action, {
      method: "POST",
      headers: headers,
      body: JSON.stringify(payload || {}),
    }).then(function (res) {
      return res.json().then(function (data) {
        if (res.ok) return data;
        if (data && data.code === "invalid-token" && !retried) {
          return refreshToken().then(function () {
            return call(action, payload, true);
          });
        }
        throw new Error((data && data.description) || "Request failed");
      });
    });
  }

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "onclick") node.addEventListener("click", attrs[k]);
      else node.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (c) {
      node.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
    });
    return node;
  }

  function done(step) {
    return view.stepsCompleted.indexOf(step) !== -1;
  }

  function showError(message) {
    app.replaceChildren(el("p", { role: "alert" }, [message]));
    resize();
  }

  function act(fn) {
    return function () {
      if (busy) return;
      busy = true;
      Array.prototype.forEach.call(app.querySelectorAll("button"), function (b) {
        b.disabled = true;
      });
      Promise.resolve()
        .then(fn)
        .catch(function (err) {
          showError(err && err.message ? err.message : String(err));
        })
        .then(function () {
          busy = false;
        });
    };
  }

  function render() {
    var review = view.review;
    var parts = [];
    if (review.reviewStatus === "completed") {
      var answer = review.reviewResult && review.reviewResult.reviewAnswer;
      if (answer === "GREEN") {
        parts.push(
          el("h2", {}, ["Verification approved"]),
          el("p", { role: "status" }, ["Your identity has been verified. You can close this page."]),
        );
      } else {
        parts.push(
          el("h2", {}, ["Verification rejected"]),
          el("p", { role: "status" }, ["We could not verify your identity."]),
        );
        if (review.reviewResult && review.reviewResult.reviewRejectType === "RETRY") {
          parts.push(
            el("button", { type: "button", class: "secondary", onclick: act(uploadDocument) }, [
              "Try again: upload document",
            ]),
          );
        }
      }
    } else if (review.reviewStatus === "pending") {
      parts.push(
        el("h2", {}, ["Under review"]),
        el("p", { role: "status" }, ["Your documents were submitted and are being reviewed."]),
        el("p", { class: "note" }, ["Emulated reviewer: choose the outcome of the check."]),
        el(
          "button",
          {
            type: "button",
            onclick: act(function () {
              return decide("GREEN");
            }),
          },
          ["Approve (GREEN)"],
        ),
        el(
          "button",
          {
            type: "button",
            class: "danger",
            onclick: act(function () {
              return decide("RED");
            }),
          },
          ["Reject (RED)"],
        ),
      );
    } else {
      parts.push(
        el("ol", { class: "steps" }, [
          el("li", { "data-done": String(done("IDENTITY")) }, ["Identity document"]),
          el("li", { "data-done": String(done("SELFIE")) }, ["Selfie"]),
        ]),
      );
      if (!done("IDENTITY")) {
        parts.push(
          el("h2", {}, ["Identity document"]),
          el("p", {}, ["Upload a photo of your passport, ID card or driver's licence."]),
          el("button", { type: "button", onclick: act(uploadDocument) }, ["Upload document"]),
        );
      } else if (!done("SELFIE")) {
        parts.push(
          el("h2", {}, ["Selfie"]),
          el("p", {}, ["Take a selfie so we can match it with your document."]),
          el("button", { type: "button", onclick: act(takeSelfie) }, ["Take selfie"]),
        );
      } else {
        parts.push(el("button", { type: "button", onclick: act(submit) }, ["Submit for review"]));
      }
    }
    app.replaceChildren.apply(app, parts);
    resize();
  }

  function initiateStep() {
    if (view.review.reviewStatus !== "init") return;
    if (!done("IDENTITY"))
      post("idCheck.onStepInitiated", { idDocSetType: "IDENTITY", types: ["PASSPORT", "ID_CARD", "DRIVERS"] });
    else if (!done("SELFIE"))
      post("idCheck.onStepInitiated", { idDocSetType: "SELFIE", types: ["SELFIE"], videoRequired: "passiveLiveness" });
  }

  function progress() {
    post("idCheck.onVerificationProgressChanged", {
      currentStep: view.stepsCompleted.length,
      totalSteps: view.requiredSteps.length,
    });
  }

  function uploadDocument() {
    var restarting = view.review.reviewStatus === "completed";
    return call("documents", { idDocSetType: "IDENTITY" }).then(function (v) {
      view = v;
      if (restarting) post("idCheck.onApplicantStatusChanged", statusPayload(view.review));
      post("idCheck.onDocumentAdded", {
        imageId: "emu-" + Date.now(),
        idDocSetType: "IDENTITY",
        idDocType: "PASSPORT",
        country: "USA",
      });
      post("idCheck.onStepCompleted", { idDocSetType: "IDENTITY" });
      progress();
      initiateStep();
      render();
    });
  }

  function takeSelfie() {
    return call("documents", { idDocSetType: "SELFIE" }).then(function (v) {
      view = v;
      post("idCheck.onLivenessCompleted", { answer: "GREEN", allowContinuing: true });
      post("idCheck.onStepCompleted", { idDocSetType: "SELFIE" });
      progress();
      return submit();
    });
  }

  function submit() {
    var resubmission = view.review.attemptCnt > 0;
    return call("submit").then(function (v) {
      view = v;
      post(resubmission ? "idCheck.onApplicantResubmitted" : "idCheck.onApplicantSubmitted", {});
      post("idCheck.onApplicantStatusChanged", statusPayload(view.review));
      render();
    });
  }

  function decide(answer) {
    return call("review", { reviewAnswer: answer }).then(function (v) {
      view = v;
      post("idCheck.onApplicantStatusChanged", statusPayload(view.review));
      render();
    });
  }

  function start() {
    return call("session").then(function (v) {
      view = v;
      post("idCheck.onInitialized", {});
      render();
      post("idCheck.onApplicantLoaded", { applicantId: view.applicantId });
      post("idCheck.onApplicantStatusChanged", statusPayload(view.review));
      initiateStep();
    });
  }

  function onMessage(event) {
    if (event.source !== window.parent) return;
    var data = event.data || {};
    if (data.method === "idCheck.init") {
      if (accessToken !== null) return; // one session per frame
      accessToken = data.accessToken;
      if (typeof data.origin === "string" && data.origin) hostOrigin = data.origin;
      // The SDK sends its config here too; a theme in it wins over the query string, as in Sumsub.
      if (data.theme === "light" || data.theme === "dark") body.setAttribute("data-theme", data.theme);
      start().catch(function (err) {
        showError(err && err.message ? err.message : String(err));
      });
    } else if (data.method === "idCheck.updateAccessToken" && pendingRefresh) {
      var p = pendingRefresh;
      pendingRefresh = null;
      if (data.accessToken) {
        accessToken = data.accessToken;
        p.resolve();
      } else {
        p.reject(new Error(data.error || "Your session has expired."));
      }
    } else if (data.method === "idCheck.callSetTheme" && (data.theme === "light" || data.theme === "dark")) {
      body.setAttribute("data-theme", data.theme);
    }
  }

  if (mode === "embedded") {
    if (!embedded) {
      showError("This page runs inside the identity verification widget.");
      return;
    }
    window.addEventListener("message", onMessage);
    post("idCheck.onReady", { frameId: frameId });
  } else if (mode === "hosted") {
    start().catch(function (err) {
      showError(err && err.message ? err.message : String(err));
    });
  }
})();
