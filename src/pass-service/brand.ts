/** The service's name: on its PDFs and its e-mails, and in the default sender of its mail. */
export const SERVICE_BRAND = "Vstupio";
