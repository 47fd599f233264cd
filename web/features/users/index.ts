// The users feature's public face: the profile card and form, the password change, the /pass steps and
// the contact privacy switch (issue 32).
export { ChangePasswordForm } from './components/change-password-form';
export { ContactSettingsCard } from './components/contact-settings-card';
export { NewPasswordFields, newPasswordErrors } from './components/new-password-fields';
export { NoticeModal } from './components/notice-modal';
export { PasswordSteps } from './components/password-steps';
export { ProfileDetails } from './components/profile-details';
export type { Notice } from './notice';
