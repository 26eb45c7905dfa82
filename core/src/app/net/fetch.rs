//! One request through the browser page's `fetch` (the server allows any
//! origin), read as the desktop's client reads its answer: status and body,
//! whatever the status, or why not.

use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

use super::{HttpAnswer, HttpError, HttpRequest};

/// Sends `request` and reads its answer; a body past `cap` bytes is refused
/// as the desktop's is (`fetch` hands the whole body, so it is measured after).
pub async fn fetch(request: &HttpRequest, cap: u64) -> HttpAnswer {
    let failed = |e: JsValue| HttpError::Failed(e.as_string().unwrap_or_else(|| format!("{e:?}")));
    let global = js_sys::global();
    let fetch: js_sys::Function = js_sys::Reflect::get(&global, &"fetch".into())
        .map_err(failed)?
        .dyn_into()
        .map_err(failed)?;
    let init = js_sys::Object::new();
    let set = |on: &js_sys::Object, k: &str, v: &JsValue| {
        js_sys::Reflect::set(on, &k.into(), v).map(|_| ())
    };
    set(&init, "method", &request.method.into()).map_err(failed)?;
    if let Some(body) = &request.body {
        set(&init, "body", &body.into()).map_err(failed)?;
    }
    let headers = js_sys::Object::new();
    for (name, value) in &request.headers {
        set(&headers, name, &value.into()).map_err(failed)?;
    }
    set(&init, "headers", &headers).map_err(failed)?;
    let promise: js_sys::Promise = fetch
        .call2(&global, &request.url.as_str().into(), &init)
        .map_err(failed)?
        .dyn_into()
        .map_err(failed)?;
    let response = JsFuture::from(promise).await.map_err(failed)?;
    let status = js_sys::Reflect::get(&response, &"status".into())
        .ok()
        .and_then(|s| s.as_f64())
        .unwrap_or(0.0) as u16;
    let text: js_sys::Function = js_sys::Reflect::get(&response, &"text".into())
        .map_err(failed)?
        .dyn_into()
        .map_err(failed)?;
    let body: js_sys::Promise = text
        .call0(&response)
        .map_err(failed)?
        .dyn_into()
        .map_err(failed)?;
    let body = JsFuture::from(body)
        .await
        .map_err(failed)?
        .as_string()
        .unwrap_or_default();
    if body.len() as u64 > cap {
        return Err(HttpError::TooLong);
    }
    Ok((status, body))
}
