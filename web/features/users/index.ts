// The users feature's public face: the profile card and form, the password change and the /pass steps.
export { ChangePasswordForm } from './components/change-password-form';
export { NewPasswordFields, newPasswordErrors } from './components/new-password-fields';
export { NoticeModal } from './components/notice-modal';
export { PasswordSteps } from './components/password-steps';
export { ProfileDetails } from './components/profile-details';
export type { Notice } from './notice';
