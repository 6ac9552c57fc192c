//! A product's pictures in the back office: listed, uploaded (one picture a request, in a
//! multipart part named `file`), removed and put in order.

use actix_multipart::Multipart;
use actix_web::{HttpRequest, HttpResponse, web};
use futures_util::StreamExt;
use market_macros::api_operation;

use super::dto::{PictureOrder, PictureUpload, ProductImages, ProductPath};
use crate::api::openapi::{
    BadRequest, BodilessWriteErrors, Conflict, NotFound, StaffReadErrors, WriteErrors,
};
use crate::auth::StaffMember;
use crate::db::Db;
use crate::domain::ProductId;
use crate::domain::admin::pictures::{MAX_BYTES, PictureProblem, prepare, too_many_bytes};
use crate::error::ApiError;

#[api_operation(
    operation_id = "listProductImages",
    tag = "admin",
    summary = "A product's pictures, in order (viewer)",
    params(ProductPath),
    responses(
        (status = 200, description = "The pictures", body = ProductImages),
        StaffReadErrors, BadRequest, NotFound
    )
)]
pub async fn list_product_images(
    db: web::Data<Db>,
    _staff: StaffMember,
    id: web::Path<ProductId>,
) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(ProductImages::from(db.list_pictures(id.into_inner()).await?)))
}

#[api_operation(
    operation_id = "addProductImage",
    tag = "admin",
    summary = "Add a picture to a product: checked, made WebP at the storefront's size, metadata dropped (staff)",
    params(ProductPath),
    request_body(content = PictureUpload, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "The product's pictures, the new one last", body = ProductImages),
        WriteErrors, NotFound, Conflict
    )
)]
pub async fn add_product_image(
    db: web::Data<Db>,
    staff: StaffMember,
    id: web::Path<ProductId>,
    req: HttpRequest,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let bytes = read_file_part(&req, payload).await?;
    let picture =
        web::block(move || prepare(&bytes)).await.map_err(ApiError::internal)?.map_err(|problem| {
            match &problem {
                PictureProblem::TooLarge(_) => ApiError::PayloadTooLarge(problem.message()),
                PictureProblem::NotAPicture => ApiError::UnsupportedMediaType(problem.message()),
                PictureProblem::Unreadable => {
                    ApiError::BadRequest { message: problem.message(), errors: vec![problem.message()] }
                }
            }
        })?;
    let list = db.add_picture(staff.actor(), id.into_inner(), picture).await?;
    Ok(HttpResponse::Created().json(ProductImages::from(list)))
}

#[api_operation(
    operation_id = "orderProductImages",
    tag = "admin",
    summary = "Put a product's pictures in a new order (staff)",
    params(ProductPath),
    request_body = PictureOrder,
    responses(
        (status = 200, description = "The pictures in their new order", body = ProductImages),
        WriteErrors, NotFound
    )
)]
pub async fn order_product_images(
    db: web::Data<Db>,
    staff: StaffMember,
    id: web::Path<ProductId>,
    order: web::Json<PictureOrder>,
) -> Result<HttpResponse, ApiError> {
    let list = db.order_pictures(staff.actor(), id.into_inner(), order.into_inner().image_ids).await?;
    Ok(HttpResponse::Ok().json(ProductImages::from(list)))
}

#[api_operation(
    operation_id = "removeProductImage",
    tag = "admin",
    summary = "Remove one of a product's pictures (staff)",
    params(ProductPath, ("imageId" = i64, Path, minimum = 1, description = "The picture's id")),
    responses(
        (status = 200, description = "The pictures left", body = ProductImages),
        BodilessWriteErrors, NotFound
    )
)]
pub async fn remove_product_image(
    db: web::Data<Db>,
    staff: StaffMember,
    ids: web::Path<(ProductId, i64)>,
) -> Result<HttpResponse, ApiError> {
    let (product, image) = ids.into_inner();
    Ok(HttpResponse::Ok().json(ProductImages::from(db.remove_picture(staff.actor(), product, image).await?)))
}

fn bad(message: &str) -> ApiError {
    ApiError::BadRequest { message: message.into(), errors: vec![message.into()] }
}

/// The bytes of the form's part named `file`, read as they arrive and refused past
/// [`MAX_BYTES`] (the rest of the body is not read). Other parts are skipped unread.
async fn read_file_part(req: &HttpRequest, payload: web::Payload) -> Result<Vec<u8>, ApiError> {
    let is_form = req
        .headers()
        .get(actix_web::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.to_ascii_lowercase().starts_with("multipart/form-data"));
    if !is_form {
        return Err(ApiError::UnsupportedMediaType(
            "Send the picture as a form (Content-Type: multipart/form-data) with a part named file.".into(),
        ));
    }
    let unreadable = |_| bad("The form could not be read: send one picture in a part named file.");
    let mut form = Multipart::new(req.headers(), payload);
    while let Some(part) = form.next().await {
        let mut part = part.map_err(unreadable)?;
        if part.name() != Some("file") {
            continue;
        }
        let mut bytes = Vec::new();
        while let Some(chunk) = part.next().await {
            let chunk = chunk.map_err(unreadable)?;
            if bytes.len() + chunk.len() > MAX_BYTES {
                return Err(ApiError::PayloadTooLarge(too_many_bytes().message()));
            }
            bytes.extend_from_slice(&chunk);
        }
        if bytes.is_empty() {
            return Err(bad("file: the file is empty."));
        }
        return Ok(bytes);
    }
    Err(bad("file: send one picture in a part named file."))
}
