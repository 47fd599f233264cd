// The my-data feature's public face (issue 31): download my data and delete the account, on /profile.
export { MyDataCard } from './components/my-data-card';
