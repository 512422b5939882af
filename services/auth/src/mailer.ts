/** Auth sends its e-mails through the kit's one mailer. */
export { createMailer, type Email, type Mailer } from '@app/kit/mailer'
